// Starts the real server for the browser tests on an empty data folder (Playwright's webServer).
import { spawn } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error("DATA_DIR is required");
rmSync(dataDir, { recursive: true, force: true });

// Serve a snapshot of the built app, so a rebuild during the run (vite empties dist first) cannot
// leave the browser with an index.html whose assets are gone.
const builtWeb = path.join(root, "apps/web/dist");
if (!process.env.WEB_DIST && existsSync(path.join(builtWeb, "index.html"))) {
  const snapshot = path.join(dataDir, "web");
  cpSync(builtWeb, snapshot, { recursive: true });
  process.env.WEB_DIST = snapshot;
}

const server = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/main.ts")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
