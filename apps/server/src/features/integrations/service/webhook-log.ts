import { WEBHOOK_MESSAGES, type WebhookDelivery } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, encodeCursor } from "../../../core/cursor.ts";
import { notFound, ruleRefused } from "../../../core/errors.ts";
import { presentDelivery } from "../presenter.ts";
import { findDelivery, insertDelivery, listDeliveries, updateDelivery } from "../repo/webhook-deliveries.ts";
import { queueDelivery } from "./webhook-delivery.ts";
import { testBody } from "./webhook-messages.ts";
import { loadManagedWebhook } from "./webhooks.ts";

/** `GET /webhooks/:id/deliveries`: the delivery log, newest first, keyset-paged. */
export async function listWebhookDeliveries(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; limit: number; cursor?: string | undefined },
): Promise<{ items: WebhookDelivery[]; nextCursor: string | null }> {
  const webhook = await loadManagedWebhook(ctx, actor, input.id);
  const after = decodeCursor(input.cursor, ["timestamp", "id"] as const);
  const rows = await listDeliveries(ctx.db, {
    subscriptionId: webhook.id,
    after: after ? { createdAtKey: after[0], id: after[1] } : null,
    limit: input.limit,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last ? encodeCursor([last.createdAtKey, last.delivery.id]) : null;
  return { items: page.map((row) => presentDelivery(row.delivery)), nextCursor };
}

/** `POST /webhooks/:id/test`: a `webhook.test` message, queued like any delivery and logged with them. */
export async function sendTestMessage(ctx: AppContext, actor: Actor, input: { id: string }): Promise<WebhookDelivery> {
  const webhook = await loadManagedWebhook(ctx, actor, input.id);
  if (webhook.state !== "active") throw ruleRefused(WEBHOOK_MESSAGES.notActive);
  const delivery = await ctx.db.transaction(async (tx) => {
    const row = await insertDelivery(tx, {
      subscriptionId: webhook.id,
      eventId: null,
      eventType: "webhook.test",
      body: testBody(webhook, new Date()),
    });
    await queueDelivery(ctx, row, { tx });
    return row;
  });
  return presentDelivery(delivery);
}

/**
 * `POST /webhooks/:id/deliveries/:deliveryId/redeliver`: the same message (id and body) again,
 * with a fresh 24 hours of retries. A retry already waiting and this one take the same attempt,
 * which only one of them makes (repo `claimAttempt`).
 */
export async function redeliverMessage(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const webhook = await loadManagedWebhook(ctx, actor, input.id);
  const found = await findDelivery(ctx.db, input.deliveryId, webhook.id);
  if (!found) throw notFound();
  if (webhook.state !== "active") throw ruleRefused(WEBHOOK_MESSAGES.notActive);
  const delivery = await ctx.db.transaction(async (tx) => {
    const row = await updateDelivery(tx, found.delivery.id, {
      state: "pending",
      firstAttemptAt: null,
      nextAttemptAt: new Date(),
    });
    if (!row) throw notFound();
    await queueDelivery(ctx, row, { tx });
    return row;
  });
  return presentDelivery(delivery);
}
