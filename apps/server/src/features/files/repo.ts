import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { files } from "../../db/schema/index.ts";

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

/** The keys among `keys` that `ownerId` uploaded. */
export async function findKeysOwnedBy(db: DbOrTx, ownerId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: files.key })
    .from(files)
    .where(and(eq(files.ownerId, ownerId), inArray(files.key, [...keys])));
  return rows.map((row) => row.key);
}
