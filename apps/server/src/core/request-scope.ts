import type { Endpoint } from "@atelier/shared";
import type { RequestScope } from "./sessions/preloaded.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Paths whose `:id` is a project's (SPEC §7): `/v3/project/:id/…` and `/v3/project/get/:id…`. */
const PROJECT_ID_PATH = /^\/v3\/project\/(get\/)?:id(\/|$)/;

function field(source: unknown, name: string): unknown {
  return typeof source === "object" && source !== null ? (source as Record<string, unknown>)[name] : undefined;
}

const uuidOrUndefined = (value: unknown) => (typeof value === "string" && UUID.test(value) ? value : undefined);

/**
 * The project (and task) a call names in its validated input, so the session statement can read
 * them along (DESIGN §10; core/sessions/preloaded.ts). Undefined when it names no project; a
 * wrong guess costs nothing but the join, as services only use rows of the ids they ask for.
 */
export function requestScopeOf(
  endpoint: Endpoint,
  input: { params: unknown; query: unknown; body: unknown },
): RequestScope | undefined {
  const { params, query, body } = input;
  const projectId = uuidOrUndefined(
    (PROJECT_ID_PATH.test(endpoint.path) ? field(params, "id") : undefined) ??
      field(params, "projectId") ??
      field(body, "projectId") ??
      field(query, "projectId"),
  );
  if (!projectId) return undefined;
  const taskId = uuidOrUndefined(field(params, "taskId") ?? field(body, "taskId") ?? field(query, "taskId"));
  return { projectId, taskId };
}
