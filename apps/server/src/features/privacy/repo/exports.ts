import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { dataExports } from "../../../db/schema/index.ts";

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertDataExport(db: DbOrTx, userId: string): Promise<DataExportRow> {
  const [row] = await db.insert(dataExports).values({ userId }).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function findLatestDataExport(db: DbOrTx, userId: string): Promise<DataExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row;
}

export async function findDataExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id)).limit(1);
  return row;
}

/** Updates the export; false when it is gone (its person removed all their information meanwhile). */
export async function updateDataExport(
  db: DbOrTx,
  id: string,
  values: Partial<typeof dataExports.$inferInsert>,
): Promise<boolean> {
  const rows = await db.update(dataExports).set(values).where(eq(dataExports.id, id)).returning({ id: dataExports.id });
  return rows.length > 0;
}

/** Deletes the user's exports (all, or all but `keepId`) and answers the stored zips' keys. */
export async function deleteDataExports(db: DbOrTx, userId: string, keepId?: string): Promise<string[]> {
  const rows = await db
    .delete(dataExports)
    .where(and(eq(dataExports.userId, userId), keepId ? sql`${dataExports.id} <> ${keepId}` : undefined))
    .returning({ storageKey: dataExports.storageKey });
  return rows.flatMap((row) => (row.storageKey ? [row.storageKey] : []));
}
