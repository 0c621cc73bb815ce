import type { PortfolioShot } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { findUserById } from "../../users/index.ts";
import { fetchUserShots, PortfolioServiceError } from "../client.ts";
import { findPortfolioAccount } from "../repo/accounts.ts";

/** Shots are cached per designer: 10 minutes after an answer, 1 minute after a failure. */
const FRESH_MS = 10 * 60 * 1000;
const FAILED_MS = 60 * 1000;

interface CachedShots {
  items: PortfolioShot[];
  until: number;
}
const caches = new WeakMap<AppContext, Map<string, CachedShots>>();
function cacheOf(ctx: AppContext): Map<string, CachedShots> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

/** Drops a designer's cached shots (token changed or gone). */
export function forgetShots(ctx: AppContext, userId: string): void {
  cacheOf(ctx).delete(userId);
}

/**
 * `GET /user/:id/shots`: the designer's latest shots, fetched by the server and cached. The
 * screens never fail because of the portfolio service: a failure or a slow answer is an empty
 * list, logged once (the failure is cached too, so reloads do not repeat it).
 */
export async function getDesignerShots(
  ctx: AppContext,
  _actor: Actor,
  input: { id: string },
): Promise<{ items: PortfolioShot[] }> {
  const designer = await findUserById(ctx.db, input.id);
  if (!designer) throw notFound();
  const apiUrl = ctx.config.portfolio.apiUrl;
  if (designer.role !== "designer" || !apiUrl) return { items: [] };
  const cache = cacheOf(ctx);
  const cached = cache.get(designer.id);
  if (cached && cached.until > Date.now()) return { items: cached.items };
  const account = await findPortfolioAccount(ctx.db, designer.id);
  if (!account) return { items: [] };
  let items: PortfolioShot[] = [];
  let ttl = FRESH_MS;
  try {
    const token = secretBoxFor(ctx.config).open(account.tokenEncrypted);
    items = await fetchUserShots({ apiUrl, timeoutMs: ctx.config.portfolio.timeoutMs }, token);
  } catch (error) {
    ttl = FAILED_MS;
    const reason = error instanceof PortfolioServiceError ? error.message : String(error);
    ctx.log.warn({ designerId: designer.id, reason }, "portfolio service failed; showing no shots");
  }
  cache.set(designer.id, { items, until: Date.now() + ttl });
  return { items };
}
