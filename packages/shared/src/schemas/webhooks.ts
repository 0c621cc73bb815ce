import { z } from "zod";
import type { DomainEventType } from "../events.ts";
import { idSchema, pageOf, textSchema } from "./common.ts";

/**
 * The domain events a webhook may subscribe to, by the same names the realtime stream uses. Each
 * is an event of a project, so a project's webhook and the workspace's both can receive it.
 */
export const WEBHOOK_EVENT_TYPES = [
  "task.created",
  "task.updated",
  "task.statusChanged",
  "task.approved",
  "task.deadlineChanged",
  "task.priorityChanged",
  "task.designerAssigned",
  "task.deleted",
  "design.added",
  "design.versionAdded",
  "design.feedback",
  "comment.added",
  "comment.replied",
  "taskComment.added",
  "taskComment.replied",
  "project.memberAdded",
  "project.memberRemoved",
  "billing.planChanged",
  "billing.orderConfirmed",
] as const satisfies readonly DomainEventType[];
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What the settings screen shows beside each event type. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "task.created": "Task created",
  "task.updated": "Task edited",
  "task.statusChanged": "Task status changed",
  "task.approved": "Task approved",
  "task.deadlineChanged": "Task deadline changed",
  "task.priorityChanged": "Task priority changed",
  "task.designerAssigned": "Designer assigned",
  "task.deleted": "Task deleted",
  "design.added": "Design added",
  "design.versionAdded": "Design version added",
  "design.feedback": "Design feedback",
  "comment.added": "Design comment added",
  "comment.replied": "Design comment replied",
  "taskComment.added": "Task comment added",
  "taskComment.replied": "Task comment replied",
  "project.memberAdded": "Team member added",
  "project.memberRemoved": "Team member removed",
  "billing.planChanged": "Plan changed",
  "billing.orderConfirmed": "Payment confirmed",
};

/** The type of the message "Send test" delivers (never a domain event). */
export const WEBHOOK_TEST_EVENT = "webhook.test";

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 120;
/** Subscriptions per scope (the workspace, or one project): enough for every tool, few to list. */
export const WEBHOOKS_PER_SCOPE = 10;
/** Test messages and redeliveries one person may ask for per minute: our server is not a load generator. */
export const WEBHOOK_SENDS_PER_MINUTE = 30;
/** Every secret starts with this (Standard Webhooks), then 32 random bytes in base64. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/** `active`: delivering; `paused` by its owner; `disabled` by the server after failing for days. */
export const WEBHOOK_STATES = ["active", "paused", "disabled"] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

/** `pending`: queued or waiting for a retry; `failed`: gave up (24 h of retries, or the subscription stopped). */
export const WEBHOOK_DELIVERY_STATES = ["pending", "succeeded", "failed"] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

const URL_MESSAGE = "Must be an http or https URL without user name or password";

const webhookUrlSchema = textSchema("URL is required")
  .trim()
  .min(1, { message: "URL is required" })
  .max(WEBHOOK_URL_MAX, { message: `URL must be at most ${WEBHOOK_URL_MAX} characters` })
  .refine(hasNoCredentials, { message: URL_MESSAGE })
  .pipe(z.url({ protocol: /^https?$/, hostname: /./, message: URL_MESSAGE }));

/** A URL naming a user (`https://user:pass@host`) would send them to the receiver: refused. */
function hasNoCredentials(value: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(value);
}

const eventTypesSchema = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: "Unknown event type" }), { message: "Choose the events" })
  .min(1, { message: "Choose at least one event" })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((types) => [...new Set(types)]);

const descriptionSchema = textSchema()
  .trim()
  .max(WEBHOOK_DESCRIPTION_MAX, { message: `Description must be at most ${WEBHOOK_DESCRIPTION_MAX} characters` });

export const createWebhookSchema = z.object({
  url: webhookUrlSchema,
  eventTypes: eventTypesSchema,
  description: descriptionSchema.default(""),
});
export type CreateWebhookInput = z.infer<typeof createWebhookSchema>;

/** Changes one or more of a subscription's settings; `paused: false` turns a disabled one back on. */
export const updateWebhookSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    eventTypes: eventTypesSchema.optional(),
    description: descriptionSchema.optional(),
    paused: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), {
    message: "Nothing to change",
  });
export type UpdateWebhookInput = z.infer<typeof updateWebhookSchema>;

export const webhookSchema = z.object({
  id: idSchema,
  /** null: the workspace's (every project) */
  projectId: idSchema.nullable(),
  url: z.string(),
  description: z.string(),
  eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  state: z.enum(WEBHOOK_STATES),
  createdAt: z.number(),
  /** when the current run of failed attempts began; null while deliveries succeed */
  failingSince: z.number().nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The secret is in this answer only: the server keeps it encrypted and never shows it again. */
export const createdWebhookSchema = z.object({ secret: z.string(), webhook: webhookSchema });

export const webhookDeliverySchema = z.object({
  id: idSchema,
  /** the domain event's type, or WEBHOOK_TEST_EVENT */
  eventType: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  createdAt: z.number(),
  attempts: z.number(),
  lastAttemptAt: z.number().nullable(),
  /** the receiver's HTTP status of the last attempt; null when it gave none (refused, timed out) */
  statusCode: z.number().nullable(),
  /** how long the last attempt took, in milliseconds */
  durationMs: z.number().nullable(),
  /** why the last attempt failed, in words */
  error: z.string().nullable(),
  nextAttemptAt: z.number().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);

export const webhookDeliveryParams = z.object({ id: idSchema, deliveryId: idSchema });
