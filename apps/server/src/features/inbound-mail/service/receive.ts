import { createHash } from "node:crypto";
import { INBOUND_MAIL_MESSAGES, mustEnrolTwoFactor, PRIVACY_MESSAGES } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { AppError, conflict, notFound } from "../../../core/errors.ts";
import { tooManyRequests } from "../../../core/rate-limit/rate-limits.ts";
import { isReplyableEvent, readReplyToken, replyTokenOf } from "../../../mail/reply-address.ts";
import { findReplyTarget } from "../repo/reply-target.ts";
import { type InboundMessage, readInboundMessage } from "./message.ts";
import { postReply } from "./post-reply.ts";

const M = INBOUND_MAIL_MESSAGES;
const MB = 1024 * 1024;
/** A message seen again within this time (an SMTP retry, a provider's redelivery) is not posted twice. */
const ONCE_WINDOW_MS = 7 * 24 * 3_600_000;
/** Most replies one address posts an hour: a leaked address cannot flood a thread. */
export const REPLIES_PER_ADDRESS_HOUR = 30;

export interface InboundDelivery {
  raw: Buffer;
  via: "smtp" | "webhook";
  /** the SMTP envelope's recipients (RCPT TO); a webhook's message names them in its headers */
  envelopeRecipients?: readonly string[];
}

const refused = (message: string) => new AppError("UNPROCESSABLE", message);

/**
 * A reply by e-mail, from the SMTP listener or the provider's webhook: posted to the thread its
 * reply address names, as the person it was made for, or refused with an AppError, which is logged
 * (why, through which door, the address's notification and the sender) and never posted.
 */
export async function receiveReply(ctx: AppContext, delivery: InboundDelivery): Promise<{ commentId: string }> {
  const seen: { notificationId?: string; from?: string | null } = {};
  try {
    return { commentId: await acceptReply(ctx, delivery, seen) };
  } catch (error) {
    if (error instanceof AppError) {
      ctx.log.warn({ via: delivery.via, code: error.code, reason: error.message, ...seen }, "inbound reply refused");
    }
    throw error;
  }
}

async function acceptReply(
  ctx: AppContext,
  delivery: InboundDelivery,
  seen: { notificationId?: string; from?: string | null },
): Promise<string> {
  const { domain, maxBytes } = ctx.config.inbound;
  if (!domain) throw notFound(M.off);
  if (delivery.raw.length > maxBytes) throw new AppError("TOO_LARGE", M.tooLarge(`${Math.round(maxBytes / MB)} MB`));
  const message = await readInboundMessage(delivery.raw).catch((error: unknown) => {
    throw new AppError("UNPROCESSABLE", M.unreadable, undefined, { cause: error });
  });
  seen.from = message.from;
  const token = (delivery.envelopeRecipients ?? message.recipients)
    .map((address) => replyTokenOf(address, domain))
    .find((found) => found !== null);
  if (!token) throw refused(M.noAddress);
  const reading = readReplyToken(ctx.config, token);
  if (!reading.ok) throw refused(M[reading.reason]);
  seen.notificationId = reading.notificationId;
  const target = await findReplyTarget(ctx.db, reading.notificationId);
  if (!target?.taskId || !target.threadId || !isReplyableEvent(target.eventType)) throw refused(M.unknownAddress);
  if (message.isAutomatic) throw refused(M.automatic);
  // The address is the credential; the sender must also be its owner, so a forwarded
  // notification answered by someone else is not posted under the owner's name.
  if (message.from?.toLowerCase() !== target.email.toLowerCase()) throw refused(M.wrongSender);
  if (mustEnrolTwoFactor(target.role, target.twoFactorOn, ctx.config.twoFactorRequiredForStaff)) {
    throw new AppError("SECOND_FACTOR_REQUIRED", PRIVACY_MESSAGES.twoFactorEnrolmentRequired);
  }
  if (!message.text) throw refused(M.empty);
  await countOnce(ctx, target.notificationId, message);
  const actor: Actor = {
    id: target.userId,
    role: target.role,
    email: target.email,
    name: target.name,
    surname: target.surname,
    // No session: the reply address stands for it (nothing a comment does reads the session).
    sessionId: target.notificationId,
  };
  return postReply(
    ctx,
    actor,
    { eventType: target.eventType, projectId: target.projectId, taskId: target.taskId, commentId: target.threadId },
    message,
  );
}

/** Refuses a message already taken (same Message-ID to the same address) and an address used too often. */
async function countOnce(ctx: AppContext, notificationId: string, message: InboundMessage): Promise<void> {
  const { counter } = ctx.rateLimits;
  if (message.messageId) {
    const digest = createHash("sha256").update(`${notificationId} ${message.messageId}`).digest("base64url");
    const once = await counter.hit(`inbound-once|${digest}`, { windowMs: ONCE_WINDOW_MS });
    if (once.count > 1) throw conflict(M.duplicate);
  }
  const used = await counter.hit(`inbound-address|${notificationId}`, { windowMs: 3_600_000 });
  if (used.count > REPLIES_PER_ADDRESS_HOUR) {
    throw tooManyRequests({ retryAfterSeconds: used.ttlMs / 1000, message: M.tooMany });
  }
}
