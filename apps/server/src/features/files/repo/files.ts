import type { UploadPurpose } from "@atelier/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { files } from "../../../db/schema/index.ts";

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export async function insertFileRow(db: DbOrTx, values: NewFileRow): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findFileRow(db: DbOrTx, key: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.key, key)).limit(1);
  return row;
}

/** Every file the user uploaded, oldest first. */
export async function listOwnedFiles(db: DbOrTx, ownerId: string): Promise<FileRow[]> {
  return db.select().from(files).where(eq(files.ownerId, ownerId)).orderBy(asc(files.createdAt), asc(files.key));
}

/** Deletes the user's uploads of one purpose and answers their keys. */
export async function deleteOwnedFiles(db: DbOrTx, ownerId: string, purpose: UploadPurpose): Promise<string[]> {
  const rows = await db
    .delete(files)
    .where(and(eq(files.ownerId, ownerId), eq(files.purpose, purpose)))
    .returning({ key: files.key });
  return rows.map((row) => row.key);
}

/** The keys among `keys` that `ownerId` uploaded. */
export async function findKeysOwnedBy(db: DbOrTx, ownerId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, [...keys])));
  return rows.map((row) => row.key);
}

/** Deletes the rows of these uploads; answers the keys that were there. */
export async function deleteFileRows(db: DbOrTx, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(inArray(files.key, [...keys]))
    .returning({ key: files.key });
  return rows.map((row) => row.key);
}
