import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { designZips, files, tasks } from "../../../db/schema/index.ts";

/** The built zips among (task, list hash) pairs, by task id. */
export async function findReadyZips(
  db: DbOrTx,
  pairs: readonly { taskId: string; listHash: string }[],
): Promise<Map<string, string>> {
  if (pairs.length === 0) return new Map();
  const rows = await db
    .select({ taskId: designZips.taskId, listHash: designZips.listHash, fileKey: designZips.fileKey })
    .from(designZips)
    .where(
      and(
        inArray(
          designZips.taskId,
          pairs.map((pair) => pair.taskId),
        ),
        isNotNull(designZips.fileKey),
      ),
    );
  const wanted = new Set(pairs.map((pair) => `${pair.taskId}:${pair.listHash}`));
  return new Map(
    rows.flatMap((row) =>
      row.fileKey && wanted.has(`${row.taskId}:${row.listHash}`) ? [[row.taskId, row.fileKey]] : [],
    ),
  );
}

export async function findZip(db: DbOrTx, taskId: string, listHash: string) {
  const [row] = await db
    .select()
    .from(designZips)
    .where(and(eq(designZips.taskId, taskId), eq(designZips.listHash, listHash)))
    .limit(1);
  return row;
}

/** Records that the zip of this list is wanted; answers true when this call created the record. */
export async function insertZipRequest(db: DbOrTx, taskId: string, listHash: string): Promise<boolean> {
  const rows = await db
    .insert(designZips)
    .values({ taskId, listHash })
    .onConflictDoNothing()
    .returning({ taskId: designZips.taskId });
  return rows.length > 0;
}

/**
 * Records the finished zip, only if no other run recorded one first (a retried or duplicate job):
 * answers false then, and the caller drops its copy.
 */
export async function recordZip(
  db: DbOrTx,
  taskId: string,
  listHash: string,
  fileKey: string,
  filesWritten: number,
): Promise<boolean> {
  const rows = await db
    .update(designZips)
    .set({ fileKey, readyAt: sql`now()`, filesWritten: sql`${filesWritten}`, buildingKey: null, buildingJobId: null })
    .where(
      and(
        eq(designZips.taskId, taskId),
        eq(designZips.listHash, listHash),
        isNull(designZips.fileKey),
        // Only the run that holds the build publishes: a run that lost it to a retry does not.
        eq(designZips.buildingKey, fileKey),
      ),
    )
    .returning({ taskId: designZips.taskId });
  return rows.length > 0;
}

/**
 * Claims the build of a zip for one job run, writing to `key`: only if the zip is not built and
 * the build still belongs to whoever held it when the caller looked (`previousJobId`). Answers
 * false when another run claimed it in between.
 */
export async function claimZipBuild(
  db: DbOrTx,
  zip: { taskId: string; listHash: string; previousJobId: string | null },
  build: { jobId: string; key: string },
): Promise<boolean> {
  const rows = await db
    .update(designZips)
    .set({ buildingKey: build.key, buildingJobId: build.jobId, filesWritten: 0 })
    .where(
      and(
        eq(designZips.taskId, zip.taskId),
        eq(designZips.listHash, zip.listHash),
        isNull(designZips.fileKey),
        zip.previousJobId === null ? isNull(designZips.buildingJobId) : eq(designZips.buildingJobId, zip.previousJobId),
      ),
    )
    .returning({ taskId: designZips.taskId });
  return rows.length > 0;
}

/** How far the build of a zip not yet recorded has come (files written into it). */
export async function setZipProgress(db: DbOrTx, taskId: string, listHash: string, filesWritten: number) {
  await db
    .update(designZips)
    .set({ filesWritten })
    .where(and(eq(designZips.taskId, taskId), eq(designZips.listHash, listHash), isNull(designZips.fileKey)));
}

/** Forgets every zip of the task (built or asked for); answers the stored keys to delete. */
export async function deleteTaskZips(db: DbOrTx, taskId: string): Promise<string[]> {
  const rows = await db
    .delete(designZips)
    .where(eq(designZips.taskId, taskId))
    .returning({ fileKey: designZips.fileKey });
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}

/** Forgets the task's zips of other file lists; answers their stored keys to delete. */
export async function deleteOtherZips(db: DbOrTx, taskId: string, keepHash: string): Promise<string[]> {
  const rows = await db
    .delete(designZips)
    .where(and(eq(designZips.taskId, taskId), ne(designZips.listHash, keepHash)))
    .returning({ fileKey: designZips.fileKey });
  return rows.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
}

export async function deleteZipRequest(db: DbOrTx, taskId: string, listHash: string): Promise<void> {
  await db.delete(designZips).where(and(eq(designZips.taskId, taskId), eq(designZips.listHash, listHash)));
}

/** The task's title, which names its zip. */
export async function findTaskTitle(db: DbOrTx, taskId: string): Promise<string | null> {
  const [task] = await db.select({ title: tasks.title }).from(tasks).where(eq(tasks.id, taskId)).limit(1);
  return task?.title ?? null;
}

/** The stored file row of a built zip, before it is published. */
export async function insertZipFile(tx: Tx, zip: { key: string; size: number; name: string }): Promise<void> {
  await tx.insert(files).values({
    key: zip.key,
    ownerId: null,
    purpose: "design",
    contentType: "application/zip",
    size: zip.size,
    originalName: zip.name,
  });
}

/** Forgets the file rows of zips that are not (or no longer) published. */
export async function deleteZipFiles(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of keys) await tx.delete(files).where(eq(files.key, key));
}
