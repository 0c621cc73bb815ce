import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { taskFiles } from "../../../db/schema/index.ts";

/** Attaches files; keys already on the task are left as they are. Answers how many were added. */
export async function attachFiles(
  db: DbOrTx,
  input: { taskId: string; keys: readonly string[]; addedById: string },
): Promise<number> {
  if (input.keys.length === 0) return 0;
  const rows = await db
    .insert(taskFiles)
    .values(input.keys.map((fileKey) => ({ taskId: input.taskId, fileKey, addedById: input.addedById })))
    .onConflictDoNothing()
    .returning({ key: taskFiles.fileKey });
  return rows.length;
}

/** Detaches files (the uploads themselves stay); answers how many were attached. */
export async function detachFiles(db: DbOrTx, taskId: string, keys: readonly string[]): Promise<number> {
  const rows = await db
    .delete(taskFiles)
    .where(and(eq(taskFiles.taskId, taskId), inArray(taskFiles.fileKey, [...keys])))
    .returning({ key: taskFiles.fileKey });
  return rows.length;
}

export async function countFiles(db: DbOrTx, taskId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(taskFiles)
    .where(eq(taskFiles.taskId, taskId));
  return row?.count ?? 0;
}
