import type {
  AdminApiToken,
  ApiToken,
  CalendarFeed,
  Webhook,
  WebhookDelivery,
  WebhookEventType,
} from "@atelier/shared";
import type { ApiTokenRow } from "./repo/api-tokens.ts";
import type { CalendarFeedRow } from "./repo/calendar-feeds.ts";
import type { WebhookDeliveryRow } from "./repo/webhook-deliveries.ts";
import type { WebhookRow } from "./repo/webhooks.ts";

/** A token as its owner sees it: never its hash. */
export function presentApiToken(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    lastUsedAt: row.lastUsedAt?.getTime() ?? null,
  };
}

export function presentAdminApiToken(row: ApiTokenRow, owner: AdminApiToken["owner"]): AdminApiToken {
  return { ...presentApiToken(row), owner };
}

export function presentCalendarFeed(row: CalendarFeedRow): CalendarFeed {
  return { kind: row.kind, createdAt: row.createdAt.getTime(), lastUsedAt: row.lastUsedAt?.getTime() ?? null };
}

/** A subscription as its managers see it: never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    projectId: row.projectId,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    state: row.state,
    createdAt: row.createdAt.getTime(),
    failingSince: row.failingSince?.getTime() ?? null,
  };
}

/** A delivery log entry: the outcome of its last attempt (the body stays with the receiver). */
export function presentDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    state: row.state,
    createdAt: row.createdAt.getTime(),
    attempts: row.attempts,
    lastAttemptAt: row.lastAttemptAt?.getTime() ?? null,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt?.getTime() ?? null,
  };
}
