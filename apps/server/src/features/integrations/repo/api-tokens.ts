import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { apiTokens, users } from "../../../db/schema/index.ts";

export type ApiTokenRow = typeof apiTokens.$inferSelect;

export async function insertApiToken(
  db: DbOrTx,
  values: { userId: string; name: string; scope: ApiTokenRow["scope"]; tokenHash: string; expiresAt: Date },
): Promise<ApiTokenRow> {
  const [row] = await db.insert(apiTokens).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The person's live tokens, newest first (few: API_TOKENS_PER_PERSON). */
export async function listUserApiTokens(db: DbOrTx, userId: string, now: Date): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), gt(apiTokens.expiresAt, now)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

export async function countUserApiTokens(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), gt(apiTokens.expiresAt, now)));
  return row?.n ?? 0;
}

/** Deletes the token (only the person's own when `userId` is given); false when there was none. */
export async function deleteApiToken(db: DbOrTx, input: { id: string; userId?: string }): Promise<boolean> {
  const rows = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, input.id), input.userId ? eq(apiTokens.userId, input.userId) : undefined))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}

export async function deleteUserApiTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId));
}

/** One keyset page (limit + 1 rows) of every live person's live tokens, newest first, with their owner. */
export async function listAllApiTokens(
  db: DbOrTx,
  options: { now: Date; after: { createdAtKey: string; id: string } | null; limit: number },
) {
  const { after } = options;
  return db
    .select({
      token: apiTokens,
      createdAtKey: timestampKey(apiTokens.createdAt),
      owner: { id: users.id, name: users.name, surname: users.surname, email: users.email },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        gt(apiTokens.expiresAt, options.now),
        isNull(users.deletedAt),
        after
          ? sql`(${apiTokens.createdAt}, ${apiTokens.id}) < (${after.createdAtKey}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
    .limit(options.limit + 1);
}
