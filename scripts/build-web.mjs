// Builds the web app when its build is missing or older than any of its sources.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtIndex = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/build",
  "apps/web/public",
  "packages/shared/src",
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function ensureWebBuild({ force = false } = {}) {
  const built = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const stale = force || built === 0 || sources.some((source) => newestMtime(path.join(root, source)) > built);
  if (!stale) return;
  console.log("Building the web app…");
  execSync("npm run build -w @atelier/web --loglevel=error", { cwd: root, stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild({ force: process.argv.includes("--force") });
