import { SESSION_DAYS } from "@atelier/shared";
import { and, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Actor, AppContext } from "../../core/context.ts";
import { unauthenticated } from "../../core/errors.ts";
import type { DbOrTx } from "../../db/client.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

export async function createSession(db: DbOrTx, userId: string): Promise<string> {
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_MS) });
  return token;
}

export async function revokeSession(db: DbOrTx, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: DbOrTx, userId: string, exceptSessionId?: string): Promise<void> {
  const ofUser = eq(sessions.userId, userId);
  await db.delete(sessions).where(exceptSessionId ? and(ofUser, ne(sessions.id, exceptSessionId)) : ofUser);
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
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      surname: users.surname,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
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

function sessionLookupFor(db: DbOrTx) {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/** Resolves `Auth-Token` to the acting user, sliding the 30-day expiry at most once a day. */
async function authenticateToken(db: DbOrTx, token: string): Promise<Actor | null> {
  const now = new Date();
  // Placeholders skip the column's value mapping, so the time goes in as the text PostgreSQL reads.
  const [row] = await sessionLookupFor(db).execute({ tokenHash: hashToken(token), now: now.toISOString() });
  if (!row) return null;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_MS - DAY_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(now.getTime() + SESSION_MS) })
      .where(eq(sessions.id, row.sessionId));
  }
  const { expiresAt: _expiresAt, ...actor } = row;
  return actor;
}

export async function authenticateRequest(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const header = request.headers["auth-token"];
  const token = Array.isArray(header) ? header[0] : header;
  const actor = token ? await authenticateToken(ctx.db, token) : null;
  if (!actor) throw unauthenticated();
  return actor;
}
