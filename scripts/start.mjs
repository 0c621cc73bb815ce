// `npm start`: install if needed, build the web app if missing or stale, then run the server
// (which applies migrations and prints the setup link or the demo logins).
// `npm start -- --no-install` (deployments, the container image): run what is already installed
// and built, without touching node_modules or the web build; stop if either is missing.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { ensureWebBuild } from "./build-web.mjs";
import { ensureInstall } from "./ensure-install.mjs";

const root = path.resolve(import.meta.dirname, "..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const noInstall = process.argv.includes("--no-install");
const args = process.argv.slice(2).filter((arg) => arg !== "--no-install");

if (noInstall) {
  const webDist = process.env.WEB_DIST ?? path.join(root, "apps/web/dist");
  const missing = [
    existsSync(tsx) ? null : "dependencies (run `npm ci` or `npm install`)",
    existsSync(path.join(webDist, "index.html")) ? null : "the web app's build (run `npm run build`)",
  ].filter(Boolean);
  if (missing.length > 0) {
    console.error(`--no-install: missing ${missing.join(" and ")}`);
    process.exit(1);
  }
} else {
  ensureInstall();
  ensureWebBuild();
}

// Node with tsx's loader, not the tsx command: one process fewer between a signal and the server
// (tsx's own relay ended the server on a terminal's Ctrl-C before its graceful stop was done).
const server = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts"), ...args], {
  cwd: root,
  stdio: "inherit",
});
// The server shuts down gracefully on either signal (SHUTDOWN_SECONDS); this process waits for it.
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
