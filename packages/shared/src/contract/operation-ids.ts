import type { Endpoint } from "./endpoint.ts";

/**
 * Names every endpoint of a contract tree by its key path, camel-cased (`tasks.create` →
 * `tasksCreate`): the stable operation ids of the OpenAPI document. Renaming a key renames the
 * method of every client generated from it, so keys are part of the public API.
 */
export function collectOperationIds(group: object, prefix: string[] = [], into = new Map<Endpoint, string>()) {
  for (const [key, value] of Object.entries(group)) {
    const path = [...prefix, key];
    if (isEndpoint(value)) {
      // The first name an endpoint is found under wins, so an id never changes with a re-export.
      if (!into.has(value)) into.set(value, camelJoin(path));
    } else if (value && typeof value === "object") {
      collectOperationIds(value, path, into);
    }
  }
  return into;
}

function isEndpoint(value: unknown): value is Endpoint {
  return typeof value === "object" && value !== null && "method" in value && "path" in value && "response" in value;
}

function camelJoin(path: string[]): string {
  return path.map((part, index) => (index === 0 ? part : part.charAt(0).toUpperCase() + part.slice(1))).join("");
}
