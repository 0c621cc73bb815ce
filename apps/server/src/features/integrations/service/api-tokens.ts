import {
  type AdminApiToken,
  API_TOKEN_PREFIX,
  API_TOKENS_PER_PERSON,
  type ApiToken,
  type CreateApiTokenInput,
  canManageAllApiTokens,
  INTEGRATION_MESSAGES,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, encodeCursor } from "../../../core/cursor.ts";
import { AppError, forbidden, notFound } from "../../../core/errors.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { presentAdminApiToken, presentApiToken } from "../presenter.ts";
import {
  countUserApiTokens,
  deleteApiToken,
  insertApiToken,
  listAllApiTokens,
  listUserApiTokens,
} from "../repo/api-tokens.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET /profile/apiTokens`: the caller's live tokens. */
export async function listOwnApiTokens(ctx: AppContext, actor: Actor): Promise<{ items: ApiToken[] }> {
  const rows = await listUserApiTokens(ctx.db, actor.id, new Date());
  return { items: rows.map(presentApiToken) };
}

/** `POST /profile/apiTokens`: 256 random bits behind a recognisable prefix; only the hash is kept. */
export async function createApiToken(
  ctx: AppContext,
  actor: Actor,
  input: CreateApiTokenInput,
): Promise<{ token: string; apiToken: ApiToken }> {
  const now = new Date();
  if ((await countUserApiTokens(ctx.db, actor.id, now)) >= API_TOKENS_PER_PERSON) {
    throw new AppError("RULE_REFUSED", INTEGRATION_MESSAGES.tooManyTokens(API_TOKENS_PER_PERSON));
  }
  const token = `${API_TOKEN_PREFIX}${newToken()}`;
  const row = await insertApiToken(ctx.db, {
    userId: actor.id,
    name: input.name,
    scope: input.scope,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
  });
  return { token, apiToken: presentApiToken(row) };
}

/** `DELETE /profile/apiTokens/:id`: someone else's token is as unknown as a missing one (404). */
export async function revokeOwnApiToken(ctx: AppContext, actor: Actor, input: { id: string }): Promise<void> {
  if (!(await deleteApiToken(ctx.db, { id: input.id, userId: actor.id }))) throw notFound();
}

/** `GET /apiTokens` (admin): everyone's live tokens, newest first, keyset-paged. */
export async function listEveryApiToken(
  ctx: AppContext,
  actor: Actor,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ items: AdminApiToken[]; nextCursor: string | null }> {
  if (!canManageAllApiTokens(actor)) throw forbidden();
  const after = decodeCursor(query.cursor, ["timestamp", "id"] as const);
  const rows = await listAllApiTokens(ctx.db, {
    now: new Date(),
    after: after ? { createdAtKey: after[0], id: after[1] } : null,
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > query.limit && last ? encodeCursor([last.createdAtKey, last.token.id]) : null;
  return { items: page.map((row) => presentAdminApiToken(row.token, row.owner)), nextCursor };
}

/** `DELETE /apiTokens/:id` (admin): any person's token. */
export async function revokeAnyApiToken(ctx: AppContext, actor: Actor, input: { id: string }): Promise<void> {
  if (!canManageAllApiTokens(actor)) throw forbidden();
  if (!(await deleteApiToken(ctx.db, { id: input.id }))) throw notFound();
}
