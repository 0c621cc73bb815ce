import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { commentFiles, designerFiles, designPdfPreviews, files, taskFiles, tasks } from "../../../db/schema/index.ts";

/**
 * Serialises the writers of one task's designer files (order keys, version numbers, the count
 * limit) until the transaction ends: a row lock on the task, which every such write holds.
 */
export async function lockTaskDesigns(db: DbOrTx, taskId: string): Promise<void> {
  await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, taskId)).for("update");
}

export const currentFileFields = {
  id: designerFiles.id,
  fileKey: designerFiles.fileKey,
  lineageId: designerFiles.lineageId,
  version: designerFiles.version,
  orderKey: designerFiles.orderKey,
  addedById: designerFiles.addedById,
  name: files.originalName,
  contentType: files.contentType,
  size: files.size,
};

/** The task's current files in order (one version each). */
export async function listCurrentFiles(db: DbOrTx, taskId: string) {
  return db
    .select(currentFileFields)
    .from(designerFiles)
    .innerJoin(files, eq(files.key, designerFiles.fileKey))
    .where(and(eq(designerFiles.taskId, taskId), eq(designerFiles.current, true)))
    .orderBy(asc(designerFiles.orderKey), asc(designerFiles.lineageId));
}
export type CurrentFile = Awaited<ReturnType<typeof listCurrentFiles>>[number];

/** One version of a file on the task, by its id (with a PDF's preview state, for comment pages). */
export async function findDesignerFile(db: DbOrTx, taskId: string, id: string) {
  const [row] = await db
    .select({
      ...currentFileFields,
      current: designerFiles.current,
      previewable: designerFiles.previewable,
      pdfStatus: designPdfPreviews.status,
      pdfPageCount: designPdfPreviews.pageCount,
    })
    .from(designerFiles)
    .innerJoin(files, eq(files.key, designerFiles.fileKey))
    .leftJoin(designPdfPreviews, eq(designPdfPreviews.fileKey, designerFiles.fileKey))
    .where(and(eq(designerFiles.taskId, taskId), eq(designerFiles.id, id)))
    .limit(1);
  return row;
}

/** Of `keys`, those already attached anywhere: as a designer file, to a comment or to a description. */
export async function findAttachedKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const list = [...keys];
  const rows = await db.execute<{ key: string }>(sql`
    select ${designerFiles.fileKey} as key from ${designerFiles} where ${inArray(designerFiles.fileKey, list)}
    union select ${designerFiles.posterKey} from ${designerFiles} where ${inArray(designerFiles.posterKey, list)}
    union select ${commentFiles.fileKey} from ${commentFiles} where ${inArray(commentFiles.fileKey, list)}
    union select ${taskFiles.fileKey} from ${taskFiles} where ${inArray(taskFiles.fileKey, list)}`);
  return new Set((rows as unknown as { rows: { key: string }[] }).rows.map((row) => row.key));
}

export type NewDesignerFile = typeof designerFiles.$inferInsert;

export async function insertDesignerFiles(db: DbOrTx, rows: NewDesignerFile[]): Promise<void> {
  if (rows.length > 0) await db.insert(designerFiles).values(rows);
}

export async function retireVersion(db: DbOrTx, id: string): Promise<void> {
  await db.update(designerFiles).set({ current: false }).where(eq(designerFiles.id, id));
}

/**
 * Deletes files with all their versions (comments and feedback go with them); answers the keys,
 * the videos' posters included (decision 058).
 */
export async function deleteLineages(db: DbOrTx, taskId: string, lineageIds: readonly string[]): Promise<string[]> {
  if (lineageIds.length === 0) return [];
  const rows = await db
    .delete(designerFiles)
    .where(and(eq(designerFiles.taskId, taskId), inArray(designerFiles.lineageId, [...lineageIds])))
    .returning({ key: designerFiles.fileKey, posterKey: designerFiles.posterKey });
  return rows.flatMap((row) => (row.posterKey ? [row.key, row.posterKey] : [row.key]));
}

/** Writes new order keys in one statement. */
export async function setOrderKeys(db: DbOrTx, updates: readonly { id: string; orderKey: string }[]): Promise<void> {
  if (updates.length === 0) return;
  const values = sql.join(
    updates.map((update) => sql`(${update.id}::uuid, ${update.orderKey})`),
    sql`, `,
  );
  await db.execute(sql`
    update ${designerFiles} set order_key = v.key collate "C"
    from (values ${values}) as v(id, key)
    where ${designerFiles.id} = v.id`);
}

/** Name, type and size of uploads, in the order of `keys`. */
export async function findFileInfos(db: DbOrTx, keys: readonly string[]) {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: files.key, name: files.originalName, contentType: files.contentType, size: files.size })
    .from(files)
    .where(inArray(files.key, [...keys]));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return keys.flatMap((key) => byKey.get(key) ?? []);
}
