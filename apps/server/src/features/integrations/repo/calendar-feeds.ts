import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { calendarFeeds, users } from "../../../db/schema/index.ts";

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;

export async function listUserCalendarFeeds(db: DbOrTx, userId: string): Promise<CalendarFeedRow[]> {
  return db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).orderBy(calendarFeeds.kind);
}

/** Creates the person's feed of this kind, or gives it a new address (the old one stops working). */
export async function upsertCalendarFeed(
  db: DbOrTx,
  values: { userId: string; kind: CalendarFeedRow["kind"]; tokenHash: string },
): Promise<CalendarFeedRow> {
  const [row] = await db
    .insert(calendarFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: [calendarFeeds.userId, calendarFeeds.kind],
      set: { tokenHash: values.tokenHash, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function deleteCalendarFeed(db: DbOrTx, userId: string, kind: CalendarFeedRow["kind"]): Promise<boolean> {
  const rows = await db
    .delete(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, userId), eq(calendarFeeds.kind, kind)))
    .returning({ id: calendarFeeds.id });
  return rows.length > 0;
}

export async function deleteUserCalendarFeeds(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/** The feed with this address hash and its live owner, or undefined. */
export async function findCalendarFeed(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ feed: calendarFeeds, owner: { id: users.id, role: users.role } })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, tokenHash), sql`${users.deletedAt} is null`))
    .limit(1);
  return row;
}

export async function touchCalendarFeed(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(calendarFeeds).set({ lastUsedAt: at }).where(eq(calendarFeeds.id, id));
}
