import type { DomainEventType } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import type { DomainEvent } from "../../../core/events/event.ts";
import type { Tx } from "../../../db/client.ts";
import { postToUserUrl } from "../../../lib/outgoing-http.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { payloadFor } from "../../realtime/index.ts";
import {
  claimAttempt,
  failPendingDeliveries,
  findDelivery,
  findEvent,
  updateDelivery,
  type WebhookDeliveryRow,
} from "../repo/webhook-deliveries.ts";
import { findSubscriber, updateWebhook, type WebhookRow } from "../repo/webhooks.ts";
import { eventBody, messageHeaders } from "./webhook-messages.ts";

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
/** a delivery is retried for this long after its first attempt */
export const RETRY_WINDOW_MS = 24 * HOUR;
/** a subscription whose deliveries fail this long without one success is turned off */
export const FAILING_LIMIT_MS = 3 * 24 * HOUR;
/** the longest wait between two attempts */
const MAX_RETRY_WAIT_MS = HOUR;
const TIMEOUT_MS = 10 * SECOND;
/** the receiver's answer is read up to this much, then dropped (only its status matters) */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Queues an attempt of a delivery (inside the caller's transaction when given). */
export function queueDelivery(
  ctx: Pick<AppContext, "jobs">,
  delivery: { id: string; attempts: number },
  options: { tx?: Tx; waitSeconds?: number } = {},
): Promise<string | null> {
  return ctx.jobs.send(
    "webhooks.deliver",
    { deliveryId: delivery.id, attempts: delivery.attempts },
    {
      ...(options.tx ? { tx: options.tx } : {}),
      ...(options.waitSeconds ? { startAfterSeconds: options.waitSeconds } : {}),
    },
  );
}

/**
 * One attempt of a delivery (the `webhooks.deliver` job). The message's body is fixed at its first
 * attempt: the event's payload as the subscriber may see it now (the realtime stream's redaction),
 * or nothing when they may not see it any more. A failure schedules the next attempt, the wait
 * doubling from WEBHOOK_RETRY_SECONDS up to an hour, for 24 hours; a subscription failing for
 * three days is turned off and its subscriber told. Failures of the receiver are outcomes, not job
 * errors: the job only throws when our own database does.
 */
export async function attemptDelivery(ctx: AppContext, job: { deliveryId: string; attempts: number }): Promise<void> {
  const found = await findDelivery(ctx.db, job.deliveryId);
  if (found?.delivery.state !== "pending" || found.delivery.attempts !== job.attempts) return;
  const { webhook } = found;
  if (webhook.state !== "active") {
    await updateDelivery(ctx.db, found.delivery.id, {
      state: "failed",
      error: "The webhook is off",
      nextAttemptAt: null,
    });
    return;
  }
  const body = found.delivery.body ?? (await bodyForSubscriber(ctx, webhook, found.delivery));
  if (body === null) {
    await updateDelivery(ctx.db, found.delivery.id, {
      state: "failed",
      error: "The subscriber may no longer see this event",
    });
    return;
  }
  const now = new Date();
  const claimed = await claimAttempt(ctx.db, { id: found.delivery.id, attempts: job.attempts, now });
  if (!claimed) return;
  const secret = secretBoxFor(ctx.config).open(webhook.secretSealed);
  const outcome = await postToUserUrl({
    url: webhook.url,
    headers: messageHeaders(secret, { id: claimed.id, body, now }),
    body,
    timeoutMs: TIMEOUT_MS,
    maxAnswerBytes: MAX_ANSWER_BYTES,
    allowPrivate: ctx.config.webhooks.allowPrivate,
  });
  const attempt = { body, statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: outcome.error };
  if (outcome.error === null) {
    await ctx.db.transaction(async (tx) => {
      await updateDelivery(tx, claimed.id, { ...attempt, state: "succeeded", nextAttemptAt: null });
      if (webhook.failingSince) await updateWebhook(tx, webhook.id, { failingSince: null });
    });
    return;
  }
  await recordFailure(ctx, { webhook, delivery: claimed, attempt, now });
}

async function recordFailure(
  ctx: AppContext,
  input: {
    webhook: WebhookRow;
    delivery: WebhookDeliveryRow;
    attempt: Pick<WebhookDeliveryRow, "body" | "statusCode" | "durationMs" | "error">;
    now: Date;
  },
): Promise<void> {
  const { webhook, delivery, now } = input;
  const failingSince = webhook.failingSince ?? now;
  const turnOff = now.getTime() - failingSince.getTime() >= FAILING_LIMIT_MS;
  const wait = Math.min(ctx.config.webhooks.retrySeconds * SECOND * 2 ** (delivery.attempts - 1), MAX_RETRY_WAIT_MS);
  const firstAttempt = delivery.firstAttemptAt ?? now;
  const retry = !turnOff && now.getTime() + wait <= firstAttempt.getTime() + RETRY_WINDOW_MS;
  await ctx.db.transaction(async (tx) => {
    await updateDelivery(tx, delivery.id, {
      ...input.attempt,
      state: retry ? "pending" : "failed",
      nextAttemptAt: retry ? new Date(now.getTime() + wait) : null,
    });
    if (retry) await queueDelivery(ctx, delivery, { tx, waitSeconds: Math.ceil(wait / SECOND) });
    if (!turnOff) {
      if (!webhook.failingSince) await updateWebhook(tx, webhook.id, { failingSince });
      return;
    }
    await updateWebhook(tx, webhook.id, { state: "disabled" });
    await failPendingDeliveries(tx, webhook.id, "The webhook was turned off after failing for three days");
    const subscriber = await findSubscriber(tx, webhook.createdBy, null);
    if (subscriber) {
      const settings = `${ctx.config.publicUrl}/app/${webhook.projectId ? `project/${webhook.projectId}` : "user/settings"}`;
      await queueMail(
        ctx,
        {
          to: subscriber.email,
          subject: `Webhook turned off: ${webhook.url}`,
          text:
            `Every delivery to your webhook ${webhook.url} has failed for three days, so it was turned off ` +
            `(the last attempt: ${input.attempt.error}). Once the receiver works again, turn it back on in the ` +
            `webhook settings; nothing is sent until then.\n\n${settings}`,
          links: [settings],
        },
        tx,
      );
    }
  });
}

/** The event's body as the subscriber may see it now; null when they may not see it. */
async function bodyForSubscriber(
  ctx: AppContext,
  webhook: WebhookRow,
  delivery: WebhookDeliveryRow,
): Promise<string | null> {
  if (delivery.eventId === null) return null;
  const event = await findEvent(ctx.db, delivery.eventId);
  if (!event) return null;
  const subscriber = await findSubscriber(ctx.db, webhook.createdBy, event.projectId);
  if (!subscriber) return null;
  const domainEvent = {
    id: event.id,
    type: event.type as DomainEventType,
    actorId: event.actorId,
    projectId: event.projectId,
    subject: event.subjectType && event.subjectId ? { type: event.subjectType, id: event.subjectId } : null,
    payload: event.payload,
    createdAt: event.createdAt,
  } as DomainEvent;
  const membership = subscriber.projectRole
    ? { projectRole: subscriber.projectRole, active: subscriber.active ?? false }
    : null;
  const payload = payloadFor(domainEvent, { id: subscriber.id, role: subscriber.role }, membership);
  return payload === null ? null : eventBody({ ...domainEvent, payload });
}
