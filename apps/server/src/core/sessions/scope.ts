import type { projectMembers, projects, tasks } from "../../db/schema/index.ts";

type ProjectRow = typeof projects.$inferSelect;
type MemberRow = typeof projectMembers.$inferSelect;
type TaskRow = typeof tasks.$inferSelect;

/** The project (and task) a route declares its call is about, read together with its session. */
export interface RequestScope {
  projectId: string;
  taskId?: string | undefined;
}

/**
 * DESIGN §10: a call on a project or task reads the project, the caller's membership and the task
 * in the same statement as the session, so the access check that starts the call costs no
 * statement of its own. The route hands these rows to its service, which passes them to its first
 * access check only: a later check (after a change, say) queries again and so never sees rows
 * older than the change. Null where no such live project, membership or task exists.
 */
export interface PreloadedScope {
  projectId: string;
  taskId: string | undefined;
  project: ProjectRow | null;
  membership: MemberRow | null;
  task: TaskRow | null;
}
