import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Every change a service makes is recorded here in the change's own transaction (DESIGN §1):
 * the history of a task or project, the feed realtime streams resume from (the id only grows,
 * so it doubles as the stream's Last-Event-ID), and what notifications are derived from.
 */
export const events = pgTable(
  "events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    type: text("type").notNull(),
    actorId: uuid("actor_id"),
    projectId: uuid("project_id"),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    index("events_project_idx").on(t.projectId, t.id),
    index("events_subject_idx").on(t.subjectType, t.subjectId, t.id),
    // A person's export lists the events they made; their removal clears their e-mail from invites'
    // payloads. Both ran as scans of every event.
    index("events_actor_idx").on(t.actorId, t.id),
    index("events_payload_email_idx").on(sql`(${t.payload}->>'email')`).where(sql`${t.payload} ? 'email'`),
  ],
);
