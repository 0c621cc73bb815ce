// Module resolve hook for dependency-cruiser (scripts/check-cycles.mjs): its TypeScript parser
// needs TypeScript 5's compiler API, which the workspace's TypeScript 7 (a native compiler) does
// not ship. It borrows the TypeScript 5 that packages/openapi-tools installs for openapi-typescript;
// every other import of "typescript" is left as it is.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const openapiTools = path.resolve(import.meta.dirname, "../packages/openapi-tools/package.json");
const typescript5 = pathToFileURL(createRequire(openapiTools).resolve("typescript")).href;

export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL?.includes("/dependency-cruiser/")) {
    return { url: typescript5, format: "commonjs", shortCircuit: true };
  }
  return next(specifier, context);
}
