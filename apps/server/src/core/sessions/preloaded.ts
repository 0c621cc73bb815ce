import type { projectMembers, projects, tasks } from "../../db/schema/index.ts";
import type { Actor } from "../context.ts";

type ProjectRow = typeof projects.$inferSelect;
type MemberRow = typeof projectMembers.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** Which project (and task) a request names, read together with its session. */
export interface RequestScope {
  projectId: string;
  taskId?: string | undefined;
}

/** What the session statement read of the scope: null where no such live project or task exists. */
export interface ScopeRows {
  projectId: string;
  taskId: string | undefined;
  project: ProjectRow | null;
  membership: MemberRow | null;
  task: TaskRow | null;
}

interface Preloaded extends ScopeRows {
  taken: boolean;
}

type ProjectFound = { project: ProjectRow; membership: MemberRow | null } | null;

/**
 * DESIGN §10: a call on a project or task reads the project, the caller's membership and the task
 * in the same statement as the session, so the access check that starts every such call costs no
 * statement of its own. Keyed by the request's actor object (one per request). The rows are handed
 * out once, to the first access check of the call; a later read (after a change, say) queries again
 * and so never sees rows older than the change.
 */
const preloads = new WeakMap<Actor, Preloaded>();

export function rememberScope(actor: Actor, rows: ScopeRows): void {
  preloads.set(actor, { ...rows, taken: false });
}

function take(actor: Actor, projectId: string): Preloaded | undefined {
  const preloaded = preloads.get(actor);
  if (!preloaded || preloaded.taken || preloaded.projectId !== projectId) return undefined;
  preloaded.taken = true;
  return preloaded;
}

/** The preloaded project (null: no such live project) when this request named `projectId`; undefined when not preloaded. */
export function takePreloadedProject(actor: Actor, projectId: string): { found: ProjectFound } | undefined {
  const preloaded = take(actor, projectId);
  if (!preloaded) return undefined;
  const { project, membership } = preloaded;
  return { found: project ? { project, membership } : null };
}

/** The preloaded project and task (null: not in that project) when this request named both. */
export function takePreloadedTask(
  actor: Actor,
  ref: { projectId: string; taskId: string },
): { found: ProjectFound; task: TaskRow | null } | undefined {
  const preloaded = preloads.get(actor);
  if (preloaded?.taskId !== ref.taskId) return undefined;
  const taken = take(actor, ref.projectId);
  if (!taken) return undefined;
  const { project, membership, task } = taken;
  return { found: project ? { project, membership } : null, task };
}
