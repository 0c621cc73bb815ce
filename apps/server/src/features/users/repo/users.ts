import type { Role } from "@atelier/shared";
import { and, eq, getTableColumns, isNull, ne, type SQL, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { users } from "../../../db/schema/index.ts";
import { userSearchConditions } from "../../../db/user-search.ts";

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

const active = isNull(users.deletedAt);

export async function findActiveUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), active))
    .limit(1);
  return row;
}

export async function findActiveUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), active))
    .limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateUserRow(db: DbOrTx, id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), active))
    .returning();
  return row;
}

/** Another active user with this e-mail (the one being edited excluded). */
export async function isEmailTaken(db: DbOrTx, email: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), active, exceptUserId ? ne(users.id, exceptUserId) : undefined))
    .limit(1);
  return row !== undefined;
}

export async function markUserDeleted(db: DbOrTx, id: string): Promise<void> {
  await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, id));
}

export async function countActiveUsers(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(users).where(active);
  return row?.count ?? 0;
}

// Spelled out (not drizzle's desc(), which means NULLS FIRST) so the ORDER BY matches
// users_created_idx / users_role_created_idx (DESC NULLS LAST) and the index supplies the order.
const newestFirst = [sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`];

export type ListedUserRow = UserRow & { createdAtKey: string };

/**
 * Keyset page, newest first: `after` is the (createdAt, id) of the previous page's last row, with
 * createdAt as the cursor's microsecond text (`timestampKey`), which a JS Date would round.
 */
export async function listUsers(
  db: DbOrTx,
  options: { role?: Role; search?: string; after: { createdAtKey: string; id: string } | null; limit: number },
): Promise<ListedUserRow[]> {
  const conditions: (SQL | undefined)[] = [active];
  if (options.role) conditions.push(eq(users.role, options.role));
  conditions.push(...userSearchConditions(options.search));
  if (options.after) {
    // A row comparison, so a deep page starts with an index condition rather than a filter.
    conditions.push(
      sql`(${users.createdAt}, ${users.id}) < (${options.after.createdAtKey}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select({ ...getTableColumns(users), createdAtKey: timestampKey(users.createdAt) })
    .from(users)
    .where(and(...conditions))
    .orderBy(...newestFirst)
    .limit(options.limit + 1);
}

export async function countActiveAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(active, eq(users.role, "admin")));
  return row?.count ?? 0;
}

/**
 * GDPR removal: the row stays (work, payments and projects keep pointing at it) but nothing in it
 * names the person any more; it reads "Deleted user" wherever their work is shown.
 */
export async function anonymiseUserRow(
  db: DbOrTx,
  id: string,
  replacement: { name: string; surname: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...replacement, email: "", avatarKey: null, passwordHash: "", deletedAt: new Date() })
    .where(eq(users.id, id));
}
