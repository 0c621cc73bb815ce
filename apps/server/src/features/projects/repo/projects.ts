import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects } from "../../../db/schema/index.ts";

export type ProjectRow = typeof projects.$inferSelect;
export type NewProjectRow = typeof projects.$inferInsert;
export type MemberRow = typeof projectMembers.$inferSelect;

const live = isNull(projects.deletedAt);

export async function insertProject(db: DbOrTx, values: NewProjectRow): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** A live project and the given user's membership of it (null when not a member), in one query. */
export async function findProjectWithMembership(
  db: DbOrTx,
  projectId: string,
  userId: string,
): Promise<{ project: ProjectRow; membership: MemberRow | null } | undefined> {
  const [row] = await db
    .select({ project: projects, membership: projectMembers })
    .from(projects)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, userId)))
    .where(and(eq(projects.id, projectId), live))
    .limit(1);
  return row;
}

export async function updateProjectRow(
  db: DbOrTx,
  id: string,
  values: Partial<NewProjectRow>,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .update(projects)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(projects.id, id), live))
    .returning();
  return row;
}

export async function markProjectDeleted(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(projects)
    .set({ deletedAt: new Date() })
    .where(and(eq(projects.id, id), live));
}

export async function findLiveProjectByOwnerAndName(
  db: DbOrTx,
  ownerId: string,
  name: string,
): Promise<ProjectRow | undefined> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.ownerId, ownerId), eq(projects.name, name), live))
    .limit(1);
  return row;
}

/** Adds the deltas to the maintained task counters in one statement, so concurrent changes add up. */
export async function addToTaskCounts(
  db: DbOrTx,
  id: string,
  deltas: { taskCount: number; archivedTaskCount: number },
): Promise<void> {
  await db
    .update(projects)
    .set({
      taskCount: sql`${projects.taskCount} + ${deltas.taskCount}`,
      archivedTaskCount: sql`${projects.archivedTaskCount} + ${deltas.archivedTaskCount}`,
    })
    .where(eq(projects.id, id));
}

/**
 * The project's state, read with a row lock held to the end of the transaction: a change of state
 * (an update of the row) waits for it, so a task added meanwhile sees the state it commits under.
 * The lock is the one the task count's update takes next (no key update): with a share lock, two
 * tasks created at once each held it and then waited for the other's to update the count (a
 * deadlock PostgreSQL broke by failing one).
 */
export async function readProjectStateLocked(tx: DbOrTx, projectId: string) {
  const [row] = await tx
    .select({ state: projects.state })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for("no key update");
  return row?.state ?? null;
}
