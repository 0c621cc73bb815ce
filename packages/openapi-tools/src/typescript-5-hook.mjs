// Module resolve hook: openapi-typescript builds its output with TypeScript 5's compiler API,
// which the workspace's TypeScript 7 (a native compiler) does not ship. This package installs
// TypeScript 5 for it alone; every other import of "typescript" is left as it is.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const typescript5 = pathToFileURL(createRequire(import.meta.url).resolve("typescript")).href;

export async function resolve(specifier, context, next) {
  if (specifier === "typescript" && context.parentURL?.includes("/openapi-typescript/")) {
    return { url: typescript5, format: "commonjs", shortCircuit: true };
  }
  return next(specifier, context);
}
