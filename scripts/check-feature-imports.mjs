// Enforces DESIGN §11's boundaries (decision 031):
// - a feature folder imports another feature only through its index.ts;
// - a feature's index.ts exports services, never its repository (`repo/` or `repo.ts`): SQL stays
//   behind the feature's own rules;
// - the server's core imports no feature: the composition root (src/compose.ts) joins them.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const featureRoots = ["apps/server/src/features", "apps/web/src/features"].map((p) => path.join(root, p));
const serverCore = path.join(root, "apps/server/src/core");
const serverFeatures = featureRoots[0];
const problems = [];
/** "server:tasks" → the features it imports, for the mutual-import check below */
const featureEdges = new Map();

function walk(dir, check) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full, check);
    else if (/\.(ts|tsx)$/.test(entry)) check(full);
  }
}

function relativeImports(file) {
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/from\s+["'](\.[^"']+)["']/g)].map((match) => ({
    specifier: match[1],
    target: path.resolve(path.dirname(file), match[1]),
  }));
}

const isInside = (file, dir) => file.startsWith(dir + path.sep);

function featureOf(file, featuresRoot) {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith("..")) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? null : name;
}

function checkFeatureFile(file) {
  const featuresRoot = featureRoots.find((r) => isInside(file, r));
  const own = featureOf(file, featuresRoot);
  if (!own) return;
  const isIndex = path.relative(path.join(featuresRoot, own), file) === "index.ts";
  for (const { specifier, target } of relativeImports(file)) {
    const other = featureOf(target, featuresRoot);
    if (isIndex && other === own && isRepository(path.relative(path.join(featuresRoot, own), target))) {
      problems.push(
        `${path.relative(root, file)} exports ${specifier}: a feature's index.ts offers services, not its repo`,
      );
    }
    if (!other || other === own) continue;
    // Tests may reach across (a test of sign-in prepares the database through setup).
    if (!/\.test\.tsx?$/.test(file)) {
      const key = `${path.relative(root, featuresRoot)}:${own}`;
      featureEdges.set(key, (featureEdges.get(key) ?? new Set()).add(other));
    }
    const inside = path.relative(path.join(featuresRoot, other), target);
    if (!/^index(\.tsx?)?$/.test(inside)) {
      problems.push(`${path.relative(root, file)} imports ${specifier}: use features/${other}/index.ts`);
    }
  }
}

function isRepository(insideFeature) {
  const [first] = insideFeature.split(path.sep);
  return first === "repo" || /^repo(\.tsx?)?$/.test(first);
}

function checkCoreFile(file) {
  for (const { specifier, target } of relativeImports(file)) {
    if (target === serverFeatures || isInside(target, serverFeatures)) {
      problems.push(`${path.relative(root, file)} imports ${specifier}: core knows no feature (see src/compose.ts)`);
    }
  }
}

function walkIfPresent(dir, check) {
  try {
    walk(dir, check);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}

// Two features that import each other are one feature, or share a piece that belongs to one of
// them: one side must receive what it needs through the composition (decision 031).
function checkFeatureCycles() {
  for (const [key, others] of featureEdges) {
    const [where, own] = key.split(":");
    for (const other of others) {
      if (own < other && featureEdges.get(`${where}:${other}`)?.has(own)) {
        problems.push(`${where}: features ${own} and ${other} import each other`);
      }
    }
  }
}

for (const featuresRoot of featureRoots) walkIfPresent(featuresRoot, checkFeatureFile);
walkIfPresent(serverCore, checkCoreFile);
checkFeatureCycles();
if (problems.length > 0) {
  console.error(`Feature boundaries (DESIGN §11, decision 031):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
