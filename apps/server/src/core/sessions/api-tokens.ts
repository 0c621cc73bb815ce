import { type Endpoint, INTEGRATION_MESSAGES } from "@atelier/shared";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { DbOrTx } from "../../db/client.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { apiTokens, twoFactorSecrets, users } from "../../db/schema/index.ts";
import { hashToken } from "../../lib/tokens.ts";
import type { Actor, AppContext } from "../context.ts";
import { forbidden } from "../errors.ts";
import { tooManyRequests } from "../rate-limit/rate-limits.ts";

/** "Last used" in the tokens list is exact to this much, so a busy script writes rarely. */
const LAST_USED_MS = 5 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The token of `Authorization: Bearer <token>`, or undefined when the request has none. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

function prepareApiTokenLookup(db: DbOrTx, name: string) {
  return db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      lastUsedAt: apiTokens.lastUsedAt,
      id: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      surname: users.surname,
      twoFactorOn: sql<boolean>`${twoFactorSecrets.enabledAt} is not null`,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, sql.placeholder("tokenHash")),
        gt(apiTokens.expiresAt, sql.placeholder("now")),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare(name);
}

/**
 * The actor behind a personal API token, built from the same user columns as a session's, or null
 * (401) for an unknown, revoked or expired token. Then, once for every call: a `sessionOnly` call
 * is refused, a read token may only GET, and each token has its own count per minute. The token is
 * found by its hash through a unique index, so no secret is compared in our code.
 */
export async function authenticateApiToken(
  ctx: AppContext,
  token: string,
  endpoint: Endpoint,
): Promise<{ actor: Actor; twoFactorOn: boolean } | null> {
  const now = new Date();
  const [row] = await preparedOnce(ctx.db, "auth_api_token_lookup", prepareApiTokenLookup).execute({
    tokenHash: hashToken(token),
    now: now.toISOString(),
  });
  if (!row) return null;
  const { tokenId, scope, lastUsedAt, twoFactorOn, ...user } = row;
  const hits = await ctx.rateLimits.counter.hit(`api-token|${tokenId}`, { windowMs: MINUTE_MS });
  if (hits.count > ctx.config.rateLimits.apiToken) throw tooManyRequests({ retryAfterSeconds: hits.ttlMs / 1000 });
  if (endpoint.sessionOnly) throw forbidden(INTEGRATION_MESSAGES.tokenRefused);
  if (scope === "read" && endpoint.method !== "GET") throw forbidden(INTEGRATION_MESSAGES.readOnlyToken);
  if (!lastUsedAt || now.getTime() - lastUsedAt.getTime() >= LAST_USED_MS) {
    await ctx.db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, tokenId));
  }
  // A token is not a session: calls that use `sessionId` as one are `sessionOnly`, refused above.
  return { actor: { ...user, sessionId: tokenId, apiTokenId: tokenId }, twoFactorOn };
}
