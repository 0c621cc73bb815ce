import { sql } from "drizzle-orm";
import { bigint, customType, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * A 64-bit transaction id (PostgreSQL's `xid8`: epoch and xid, never wraps around), read as its
 * decimal text; compare as BigInt.
 */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });

/**
 * Every change a service makes is recorded here in the change's own transaction (DESIGN §1):
 * the history of a task or project, the feed realtime streams resume from (the id only grows,
 * so it doubles as the stream's Last-Event-ID), and what notifications are derived from.
 * `xid` is the writing transaction's id: streams deliver in (xid, id) order and only below the
 * oldest transaction still in flight (docs/decisions/030-event-order.md).
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
    xid: xid8("xid").notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // The streams' read: (xid, id) after a position, below the visibility horizon.
    index("events_xid_idx").on(t.xid, t.id),
    index("events_project_idx").on(t.projectId, t.id),
    index("events_subject_idx").on(t.subjectType, t.subjectId, t.id),
    // A person's export lists the events they made; their removal clears their e-mail from invites'
    // payloads. Both ran as scans of every event.
    index("events_actor_idx").on(t.actorId, t.id),
    index("events_payload_email_idx").on(sql`(${t.payload}->>'email')`).where(sql`${t.payload} ? 'email'`),
  ],
);
