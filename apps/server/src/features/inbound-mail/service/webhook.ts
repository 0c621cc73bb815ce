import { INBOUND_MAIL_MESSAGES } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { AppError, conflict, notFound } from "../../../core/errors.ts";
import { receiveReply } from "./receive.ts";
import { checkInboundWebhook, WEBHOOK_WINDOW_SECONDS } from "./webhook-signature.ts";

const M = INBOUND_MAIL_MESSAGES;

/**
 * `POST /inbound/email`: a provider's inbound webhook, off (404) unless INBOUND_WEBHOOK_SECRET is
 * set. The signature over timestamp and body is checked before the message is read; a signature
 * seen before within the window is a replay (409); then the message goes the way an SMTP one does.
 */
export async function receiveWebhookReply(
  ctx: AppContext,
  input: { rawBody: Buffer; timestamp: string | undefined; signature: string | undefined },
): Promise<{ commentId: string }> {
  const secret = ctx.config.inbound.webhookSecret;
  if (!secret || !ctx.config.inbound.domain) throw notFound(M.off);
  const check = checkInboundWebhook(secret, input);
  if (check !== "ok") {
    ctx.log.warn({ via: "webhook", reason: M[check] }, "inbound reply refused");
    throw new AppError("UNAUTHENTICATED", M[check]);
  }
  const seen = await ctx.rateLimits.counter.hit(`inbound-webhook|${input.signature}`, {
    windowMs: 2 * WEBHOOK_WINDOW_SECONDS * 1000,
  });
  if (seen.count > 1) {
    ctx.log.warn({ via: "webhook", reason: M.duplicate }, "inbound reply refused");
    throw conflict(M.duplicate);
  }
  return receiveReply(ctx, { raw: input.rawBody, via: "webhook" });
}
