// Enforces DESIGN §11: a feature folder imports another feature only through its index.ts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const featureRoots = ["apps/server/src/features", "apps/web/src/features"].map((p) => path.join(root, p));
const problems = [];

function walk(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|tsx)$/.test(entry)) check(full);
  }
}

function featureOf(file, featuresRoot) {
  const relative = path.relative(featuresRoot, file);
  if (relative.startsWith("..")) return null;
  const [name, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? null : name;
}

function check(file) {
  const featuresRoot = featureRoots.find((r) => file.startsWith(r + path.sep));
  const own = featureOf(file, featuresRoot);
  if (!own) return;
  const source = readFileSync(file, "utf8");
  for (const match of source.matchAll(/from\s+["'](\.[^"']+)["']/g)) {
    const target = path.resolve(path.dirname(file), match[1]);
    const other = featureOf(target, featuresRoot);
    if (!other || other === own) continue;
    const inside = path.relative(path.join(featuresRoot, other), target);
    if (!/^index(\.tsx?)?$/.test(inside)) {
      problems.push(`${path.relative(root, file)} imports ${match[1]}: use features/${other}/index.ts`);
    }
  }
}

for (const featuresRoot of featureRoots) {
  try {
    walk(featuresRoot);
  } catch (error) {
    if (error.code !== "ENOENT") throw error;
  }
}
if (problems.length > 0) {
  console.error(`Cross-feature imports must go through the feature's index.ts:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
