import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { tasks } from "../../../db/schema/index.ts";

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
/** What a change may write: the derived columns (ranks, `archived`) are the database's. */
export type TaskChanges = Partial<Omit<NewTaskRow, "id" | "projectId" | "createdAt" | "createdById">>;

export async function insertTask(db: DbOrTx, values: NewTaskRow): Promise<TaskRow> {
  const [row] = await db.insert(tasks).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The task, only when it belongs to that project (a task id under another project is unknown there). */
export async function findTaskInProject(db: DbOrTx, projectId: string, taskId: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId)))
    .limit(1);
  return row;
}

export async function updateTaskRow(db: DbOrTx, id: string, changes: TaskChanges): Promise<TaskRow> {
  const [row] = await db
    .update(tasks)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(tasks.id, id))
    .returning();
  if (!row) throw new Error("update found no task");
  return row;
}

/** Moves an active task to the archive; false when it was already there (a repeated click). */
export async function archiveTaskRow(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ archivedAt: now, updatedAt: now })
    .where(and(eq(tasks.id, id), isNull(tasks.archivedAt)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

export async function deleteTaskRow(db: DbOrTx, id: string): Promise<TaskRow | undefined> {
  const [row] = await db.delete(tasks).where(eq(tasks.id, id)).returning();
  return row;
}
