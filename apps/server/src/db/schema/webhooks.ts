import { WEBHOOK_DELIVERY_STATES, WEBHOOK_STATES } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * Webhooks out (decision 055): a URL subscribed to event types, for one project (`project_id`)
 * or the whole workspace (null). Its signing secret is sealed with the secrets key (the server
 * must read it back to sign). `failing_since` starts with the first failed attempt of a run of
 * failures and clears on a success: three days of it turn the subscription off (`disabled`).
 */
export const webhookSubscriptions = pgTable(
  "webhook_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /** who subscribed: deliveries show what this person may see, and they are told when it turns off */
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    eventTypes: text("event_types").array().notNull(),
    secretSealed: text("secret_sealed").notNull(),
    state: text("state", { enum: WEBHOOK_STATES }).notNull().default("active"),
    failingSince: msTimestamp("failing_since"),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    // The event writer's lookup: the active subscriptions of a project, and the workspace's (null).
    index("webhook_subscriptions_project_idx").on(t.projectId).where(sql`${t.state} = 'active'`),
    index("webhook_subscriptions_scope_idx").on(t.projectId, t.createdAt),
  ],
);

/**
 * One message to one subscription: its id is the message's `webhook-id`, the same on every
 * attempt and redelivery, and its body is fixed at the first attempt. The row keeps the last
 * attempt's outcome (the delivery log); `first_attempt_at` starts the 24 hours of retries.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: "cascade" }),
    /** the domain event delivered; null for a test message */
    eventId: bigint("event_id", { mode: "number" }),
    eventType: text("event_type").notNull(),
    body: text("body"),
    state: text("state", { enum: WEBHOOK_DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    firstAttemptAt: msTimestamp("first_attempt_at"),
    lastAttemptAt: msTimestamp("last_attempt_at"),
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms"),
    error: text("error"),
    nextAttemptAt: msTimestamp("next_attempt_at"),
  },
  (t) => [index("webhook_deliveries_log_idx").on(t.subscriptionId, t.createdAt.desc(), t.id.desc())],
);
