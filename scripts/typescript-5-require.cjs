// The CommonJS half of scripts/typescript-5-hook.mjs: dependency-cruiser checks the TypeScript
// version with require("typescript/package.json"), which module.register hooks do not see on
// Node 20, so that lookup is pointed at the same TypeScript 5.
const Module = require("node:module");
const path = require("node:path");

const openapiTools = path.resolve(__dirname, "../packages/openapi-tools");
const typescript5 = path.dirname(require.resolve("typescript/package.json", { paths: [openapiTools] }));
const cruiser = `${path.sep}dependency-cruiser${path.sep}`;
const resolveFilename = Module._resolveFilename;

Module._resolveFilename = function resolveTypescript5(request, parent, ...rest) {
  const forCruiser = parent?.filename?.includes(cruiser);
  if (forCruiser && (request === "typescript" || request.startsWith("typescript/"))) {
    return resolveFilename.call(this, path.join(typescript5, request.slice("typescript".length)), parent, ...rest);
  }
  return resolveFilename.call(this, request, parent, ...rest);
};
