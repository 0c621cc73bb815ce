// `npm start`: install if needed, build the web app if missing or stale, then run the server
// (which applies migrations and prints the setup link or the demo logins).
import { spawn } from "node:child_process";
import path from "node:path";
import { ensureWebBuild } from "./build-web.mjs";
import { ensureInstall } from "./ensure-install.mjs";

const root = path.resolve(import.meta.dirname, "..");
ensureInstall();
ensureWebBuild();

const tsx = path.join(root, "node_modules/.bin/tsx");
const server = spawn(tsx, [path.join(root, "apps/server/src/main.ts"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
