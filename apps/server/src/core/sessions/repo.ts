import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { sessions, twoFactorSecrets, users } from "../../db/schema/index.ts";

export async function insertSession(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date; userAgent?: string | null; ip?: string | null },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Every session of the user, but `exceptSessionId` when given (the one making the change). */
export async function deleteUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  const ofUser = eq(sessions.userId, userId);
  await db.delete(sessions).where(exceptSessionId ? and(ofUser, ne(sessions.id, exceptSessionId)) : ofUser);
}

export async function touchSession(
  db: DbOrTx,
  sessionId: string,
  values: { expiresAt?: Date; lastSeenAt: Date },
): Promise<void> {
  await db.update(sessions).set(values).where(eq(sessions.id, sessionId));
}

export type SessionRow = typeof sessions.$inferSelect;

/** The user's live sessions, most recently seen first. */
export async function listUserSessions(db: DbOrTx, userId: string, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
}

/** Deletes one session of the user; false when it is not theirs or already gone. */
export async function deleteUserSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * The session lookup every authenticated call makes, prepared once per database: Drizzle builds
 * its SQL once and PostgreSQL plans it once per connection (DESIGN §10, hot calls).
 */
function prepareSessionLookup(db: DbOrTx) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      surname: users.surname,
      // Staff who must use two-factor sign-in are held at enrolment until it is on.
      twoFactorOn: sql<boolean>`${twoFactorSecrets.enabledAt} is not null`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        gt(sessions.expiresAt, sql.placeholder("now")),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare("auth_session_lookup");
}

const sessionLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareSessionLookup>>();

/** The live session with this token hash and its active user (and whether their 2FA is on), or undefined. */
export async function findLiveSession(db: DbOrTx, tokenHash: string, now: Date) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  // Placeholders skip the column's value mapping, so the time goes in as the text PostgreSQL reads.
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  return row;
}
