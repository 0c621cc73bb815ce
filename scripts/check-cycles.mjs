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
  ["--import", register, cli, ...trees, "--config", ".dependency-cruiser.mjs"],
  {
    cwd: root,
    stdio: "inherit",
  },
);
process.exit(result.status ?? 1);
