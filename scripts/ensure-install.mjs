// Installs dependencies when node_modules is missing or older than the lock file.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, "node_modules", ".package-lock.json");
const lock = path.join(root, "package-lock.json");

export function ensureInstall() {
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  // `npm install` rather than `npm ci`: npm 11's ci refuses this lock file over the optional
  // per-platform packages of @biomejs/biome (listed for this platform only); install honours
  // the locked versions all the same.
  console.log("Installing dependencies…");
  execSync("npm install --no-audit --no-fund --loglevel=error", { cwd: root, stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
