import { SESSION_DAYS } from "@atelier/shared";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import type { Actor, AppContext } from "../context.ts";
import { unauthenticated } from "../errors.ts";
import { deleteSession, deleteUserSessions, findLiveSession, insertSession, setSessionExpiry } from "./repo.ts";

/**
 * Session authentication sits below the features: every route needs it, and features (auth,
 * users, projects) start and end sessions, so it cannot live in one of them without a cycle.
 * The writes take the caller's transaction, so a session starts or ends with the change that
 * causes it (sign-up, password change, removal).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;

/** Starts a session for the user and answers its token (only the hash is stored). */
export async function createSession(tx: DbOrTx, userId: string): Promise<string> {
  const token = newToken();
  await insertSession(tx, { userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SESSION_MS) });
  return token;
}

export async function revokeSession(tx: DbOrTx, sessionId: string): Promise<void> {
  await deleteSession(tx, sessionId);
}

/** Signs the user out everywhere, or everywhere but `exceptSessionId`. */
export async function revokeUserSessions(
  tx: DbOrTx,
  input: { userId: string; exceptSessionId?: string | undefined },
): Promise<void> {
  await deleteUserSessions(tx, input.userId, input.exceptSessionId);
}

/** Resolves a token to the acting user, sliding the 30-day expiry at most once a day. */
async function authenticateToken(db: DbOrTx, token: string): Promise<Actor | null> {
  const now = new Date();
  const row = await findLiveSession(db, hashToken(token), now);
  if (!row) return null;
  if (row.expiresAt.getTime() - now.getTime() < SESSION_MS - DAY_MS) {
    await setSessionExpiry(db, row.sessionId, new Date(now.getTime() + SESSION_MS));
  }
  const { expiresAt: _expiresAt, ...actor } = row;
  return actor;
}

/** The actor behind the request's `Auth-Token`; 401 without a live session. */
export async function authenticateRequest(ctx: AppContext, request: FastifyRequest): Promise<Actor> {
  const header = request.headers["auth-token"];
  const token = Array.isArray(header) ? header[0] : header;
  const actor = token ? await authenticateToken(ctx.db, token) : null;
  if (!actor) throw unauthenticated();
  return actor;
}
