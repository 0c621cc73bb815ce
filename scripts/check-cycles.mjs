// `npm run lint`: no import cycle in the server, the web app or shared, type-only imports
// included (.dependency-cruiser.mjs, docs/decisions/031-composition-root.md).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const hook = pathToFileURL(path.join(import.meta.dirname, "typescript-5-hook.mjs")).href;
const register = `data:text/javascript,import{register}from"node:module";register(${JSON.stringify(hook)});`;
const cli = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const trees = ["apps/server/src", "apps/web/src", "packages/shared/src"];
const result = spawnSync(
  process.execPath,
  [
    "--require",
    path.join(import.meta.dirname, "typescript-5-require.cjs"),
    "--import",
    register,
    cli,
    ...trees,
    "--config",
    ".dependency-cruiser.mjs",
    "--output-type",
    "json",
  ],
  { cwd: root, encoding: "utf8", maxBuffer: 256 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] },
);
if (result.status === null || !result.stdout) {
  console.error("dependency-cruiser did not run");
  process.exit(1);
}
const { summary } = JSON.parse(result.stdout);
// Without a TypeScript parser it reads no .ts file and finds nothing: that must not pass.
const typescriptModules = summary.totalCruised;
if (typescriptModules < 100) {
  console.error(`dependency-cruiser read only ${typescriptModules} modules: is its TypeScript parser missing?`);
  process.exit(1);
}
for (const violation of summary.violations) {
  const cycle = violation.cycle?.map((step) => step.name ?? step).join(" → ") ?? violation.to;
  console.error(`import cycle: ${violation.from} → ${cycle}`);
}
if (summary.violations.length > 0) process.exit(1);
console.log(`no import cycle (${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports)`);
