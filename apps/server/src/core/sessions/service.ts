import { type Endpoint, mustEnrolTwoFactor, PRIVACY_MESSAGES, SESSION_DAYS } from "@atelier/shared";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import type { Actor, AppContext } from "../context.ts";
import { AppError, unauthenticated } from "../errors.ts";
import { authenticateApiToken, bearerTokenOf } from "./api-tokens.ts";
import {
  deleteSession,
  deleteUserSessions,
  findLiveSession,
  findLiveSessionWithScope,
  insertSession,
  touchSession,
} from "./repo.ts";
import type { PreloadedScope, RequestScope } from "./scope.ts";

/**
 * Session authentication sits below the features: every route needs it, and features (auth,
 * users, projects) start and end sessions, so it cannot live in one of them without a cycle.
 * The writes take the caller's transaction, so a session starts or ends with the change that
 * causes it (sign-up, password change, removal).
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_MS = SESSION_DAYS * DAY_MS;
/** "Last seen" in the devices list is exact to this much, so a busy session writes rarely. */
const LAST_SEEN_MS = 5 * 60 * 1000;
const USER_AGENT_MAX = 400;

/** The device a session was started from, as the signed-in devices list shows it. */
export interface SessionDevice {
  userAgent: string | undefined;
  ip: string | undefined;
}

const IP_MAX = 100;

/**
 * The device of a request (its User-Agent and, behind a proxy, the client's address), as text
 * PostgreSQL stores: headers are the client's to write, so control characters (NUL above all,
 * which PostgreSQL refuses) are dropped and the length is bounded.
 */
export function deviceOf(request: FastifyRequest): SessionDevice {
  const agent = request.headers["user-agent"];
  return {
    userAgent: typeof agent === "string" ? storableHeader(agent, USER_AGENT_MAX) : undefined,
    ip: storableHeader(request.ip, IP_MAX),
  };
}

function storableHeader(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: dropping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f]/g, "").slice(0, max);
}

/** Starts a session for the user and answers its token (only the hash is stored). */
export async function createSession(tx: DbOrTx, userId: string, device?: SessionDevice): Promise<string> {
  const token = newToken();
  await insertSession(tx, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_MS),
    userAgent: device?.userAgent ?? null,
    ip: device?.ip ?? null,
  });
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

/**
 * Resolves a token to the acting user, sliding the 30-day expiry at most once a day and moving
 * "last seen" at most every five minutes (one write, not one per call). `lookup` reads the session,
 * and for a scoped call the rows of its declared project and task, in one statement.
 */
async function authenticateToken<P>(
  db: DbOrTx,
  token: string,
  lookup: SessionLookup<P>,
): Promise<{ actor: Actor; twoFactorOn: boolean; preloaded: P } | null> {
  const now = new Date();
  const found = await lookup(db, hashToken(token), now);
  if (!found) return null;
  const { expiresAt, lastSeenAt, twoFactorOn, ...actor } = found.session;
  const slide = expiresAt.getTime() - now.getTime() < SESSION_MS - DAY_MS;
  const seen = now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_MS;
  if (slide || seen) {
    await touchSession(db, actor.sessionId, {
      lastSeenAt: now,
      ...(slide ? { expiresAt: new Date(now.getTime() + SESSION_MS) } : {}),
    });
  }
  return { actor, twoFactorOn, preloaded: found.preloaded };
}

type LiveSession = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;
type SessionLookup<P> = (
  db: DbOrTx,
  tokenHash: string,
  now: Date,
) => Promise<{ session: LiveSession; preloaded: P } | undefined>;

const plainLookup: SessionLookup<undefined> = async (db, tokenHash, now) => {
  const session = await findLiveSession(db, tokenHash, now);
  return session && { session, preloaded: undefined };
};

/**
 * The actor behind the request's `Auth-Token`, or else its personal API token
 * (`Authorization: Bearer`, whose scope is checked there); 401 without a live session or token. Staff who must use
 * two-factor sign-in and have not turned it on get 403 SECOND_FACTOR_REQUIRED on every call but
 * those enrolment needs (`beforeSecondFactor`): they may sign in with the password alone, so they
 * can enrol, and nothing else until they do.
 */
export async function authenticateRequest(
  ctx: AppContext,
  request: FastifyRequest,
  endpoint: Endpoint,
): Promise<Actor> {
  return (await authenticate(ctx, request, endpoint, plainLookup)).actor;
}

/** `authenticateRequest` for a call about a project (and task): its rows come with the session. */
export async function authenticateScopedRequest(
  ctx: AppContext,
  request: FastifyRequest,
  endpoint: Endpoint,
  scope: RequestScope,
): Promise<{ actor: Actor; preloaded: PreloadedScope | undefined }> {
  return authenticate(ctx, request, endpoint, (db, tokenHash, now) =>
    findLiveSessionWithScope(db, tokenHash, now, scope),
  );
}

async function authenticate<P>(
  ctx: AppContext,
  request: FastifyRequest,
  endpoint: Endpoint,
  lookup: SessionLookup<P>,
): Promise<{ actor: Actor; preloaded: P | undefined }> {
  const header = request.headers["auth-token"];
  const token = Array.isArray(header) ? header[0] : header;
  const apiToken = token ? undefined : bearerTokenOf(request);
  // A personal API token reads no scope rows with itself: its call's access check reads them.
  const found = token
    ? await authenticateToken(ctx.db, token, lookup)
    : apiToken
      ? await authenticateApiToken(ctx, apiToken, endpoint).then((found) => found && { ...found, preloaded: undefined })
      : null;
  if (!found) throw unauthenticated();
  const { actor, twoFactorOn, preloaded } = found;
  if (
    !endpoint.beforeSecondFactor &&
    mustEnrolTwoFactor(actor.role, twoFactorOn, ctx.config.twoFactorRequiredForStaff)
  ) {
    throw new AppError("SECOND_FACTOR_REQUIRED", PRIVACY_MESSAGES.twoFactorEnrolmentRequired);
  }
  return { actor, preloaded };
}
