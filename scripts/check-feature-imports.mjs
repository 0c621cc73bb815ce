// Enforces DESIGN §11's boundaries (decision 031):
// - a feature folder imports another feature only through its index.ts;
// - a feature's index.ts exports services, never its repository (`repo/` or `repo.ts`): SQL stays
//   behind the feature's own rules;
// - the server's core imports no feature: the composition root (src/compose.ts) joins them;
// - every server feature has the same shape (decision 038): routes.ts, service/, repo/,
//   presenter.ts, index.ts and module.ts, unless SHAPE_EXEMPTIONS says why a part is absent.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
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

const SHAPE = ["routes.ts", "service/", "repo/", "presenter.ts", "index.ts", "module.ts"];

// A part a feature lacks, and why. A presenter-less feature says so in its index.ts doc comment too.
const SHAPE_EXEMPTIONS = {
  auth: {
    "presenter.ts": "answers sessions issued by two-factor, users presented by users, or { success: true }",
  },
  setup: {
    "routes.ts": "runs at start-up before the server listens; nobody calls it",
    "repo/": "writes only through other features' services and the API",
    "presenter.ts": "answers nothing: it logs a start-up notice",
    "module.ts": "main.ts calls it before composing; it has no routes, jobs, event writers or personal data",
  },
};

function checkFeatureShapes() {
  const features = readdirSync(serverFeatures).filter((entry) =>
    statSync(path.join(serverFeatures, entry)).isDirectory(),
  );
  for (const feature of features) {
    const exempt = SHAPE_EXEMPTIONS[feature] ?? {};
    for (const part of SHAPE) {
      const full = path.join(serverFeatures, feature, part);
      let present = false;
      try {
        present = part.endsWith("/") ? statSync(full).isDirectory() : statSync(full).isFile();
      } catch (error) {
        if (error.code !== "ENOENT") throw error;
      }
      const where = `apps/server/src/features/${feature}/${part}`;
      if (!present && !exempt[part]) problems.push(`${where} is missing: every feature has ${SHAPE.join(", ")}`);
      if (present && exempt[part]) problems.push(`${where} exists: drop its exemption in SHAPE_EXEMPTIONS`);
    }
    for (const loose of ["repo.ts", "service.ts"]) {
      if (existsSync(path.join(serverFeatures, feature, loose))) {
        problems.push(`apps/server/src/features/${feature}/${loose}: move it into ${loose.replace(".ts", "/")}`);
      }
    }
    if (
      exempt["presenter.ts"] &&
      !/presenter-less/i.test(readIfPresent(path.join(serverFeatures, feature, "index.ts")))
    ) {
      problems.push(`apps/server/src/features/${feature}/index.ts: say in its doc comment that it is presenter-less`);
    }
  }
  for (const feature of Object.keys(SHAPE_EXEMPTIONS)) {
    if (!features.includes(feature)) problems.push(`SHAPE_EXEMPTIONS names ${feature}, which is no feature`);
  }
}

function readIfPresent(file) {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
    return "";
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
checkFeatureShapes();
if (problems.length > 0) {
  console.error(`Feature boundaries and shape (DESIGN §11, decisions 031 and 038):\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
