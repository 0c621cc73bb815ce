import { WEBHOOK_EVENT_TYPES } from "@atelier/shared";
import type { EventWriter, EventWriterDeps } from "../../../core/events/writes.ts";
import { type WebhookEventSpec, webhookDeliveryParts } from "../repo/webhook-deliveries.ts";
import { queueDelivery } from "./webhook-delivery.ts";

const SUBSCRIBABLE = new Set<string>(WEBHOOK_EVENT_TYPES);

/**
 * Webhook deliveries come from the same events as the realtime stream, in the same statement
 * (core/events/writes.ts): one delivery row per matching active subscription, and its first
 * attempt queued in the same transaction, so a change that rolls back sends nothing and one that
 * commits is delivered even if this instance stops right after. Units of work without a
 * subscribable event add nothing to their statement.
 */
export const webhookWriter =
  (deps: EventWriterDeps): EventWriter =>
  (events) => {
    const specs: WebhookEventSpec[] = events.flatMap((event, index) =>
      SUBSCRIBABLE.has(event.type) && event.projectId
        ? [{ ord: index + 1, type: event.type, projectId: event.projectId }]
        : [],
    );
    if (specs.length === 0) return null;
    return {
      ctes: (written) => webhookDeliveryParts(specs, written),
      after: async (tx, rows) => {
        for (const row of rows)
          await queueDelivery(deps, { id: String(row.id), attempts: Number(row.attempts) }, { tx });
      },
    };
  };
