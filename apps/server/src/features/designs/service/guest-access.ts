import { GUEST_CALLS_PER_MINUTE, GUEST_MESSAGES, GUEST_TOKEN_HEADER, GUEST_TOKEN_PREFIX } from "@atelier/shared";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../../../core/context.ts";
import { AppError, notFound, ruleRefused } from "../../../core/errors.ts";
import { tooManyRequests } from "../../../core/rate-limit/rate-limits.ts";
import { hashToken } from "../../../lib/tokens.ts";
import { findGuestByToken, type GuestFacts, type GuestShareFacts, touchDesignGuest } from "../repo/guest-shares.ts";

const MINUTE_MS = 60 * 1000;
/** "Last seen" in the links list is exact to this much, so a busy guest writes rarely. */
const LAST_SEEN_MS = 5 * 60 * 1000;

/** A link that exists but no longer works says why (412), so the guest page can tell them. */
export function ensureShareLive(share: Pick<GuestShareFacts, "revokedAt" | "expiresAt">, now: Date): void {
  if (share.revokedAt !== null) throw ruleRefused(GUEST_MESSAGES.linkRevoked);
  if (share.expiresAt !== null && share.expiresAt.getTime() <= now.getTime()) {
    throw ruleRefused(GUEST_MESSAGES.linkExpired);
  }
}

/**
 * The guest behind a guest call's `Guest-Token`: 401 without one or for an unknown one (the page
 * asks for a name again), 412 once their link is revoked or expired (at once: every call reads the
 * link), 404 when the task is gone, 429 beyond the guest's own count per minute.
 */
export async function authenticateGuest(ctx: AppContext, request: FastifyRequest): Promise<GuestFacts> {
  const header = request.headers[GUEST_TOKEN_HEADER];
  const token = Array.isArray(header) ? header[0] : header;
  if (!token?.startsWith(GUEST_TOKEN_PREFIX)) throw new AppError("UNAUTHENTICATED", GUEST_MESSAGES.linkNotFound);
  const guest = await findGuestByToken(ctx.db, hashToken(token));
  if (!guest) throw new AppError("UNAUTHENTICATED", GUEST_MESSAGES.linkNotFound);
  const now = new Date();
  ensureShareLive(guest, now);
  if (guest.taskArchivedAt !== null) throw notFound(GUEST_MESSAGES.linkNotFound);
  const hits = await ctx.rateLimits.counter.hit(`guest|${guest.guestId}`, { windowMs: MINUTE_MS });
  if (hits.count > GUEST_CALLS_PER_MINUTE) throw tooManyRequests({ retryAfterSeconds: hits.ttlMs / 1000 });
  if (now.getTime() - guest.lastSeenAt.getTime() >= LAST_SEEN_MS) await touchDesignGuest(ctx.db, guest.guestId, now);
  return guest;
}
