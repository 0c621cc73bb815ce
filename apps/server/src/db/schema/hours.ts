import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { projects } from "./projects.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";

/**
 * Hours logged by approval (DESIGN §3): one entry per approved task, for its designer, in the UTC
 * month of approval, with the hour rate in force then (a later rate change leaves it as it is).
 * Entries outlive their task and project (`set null`): what a designer earned stays earned.
 */
export const workLog = pgTable(
  "work_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    /** the project's name when logged, for a removed project's line in the tooltip */
    projectName: text("project_name").notNull(),
    designerId: uuid("designer_id")
      .notNull()
      .references(() => users.id),
    /** first instant of the UTC month of approval */
    periodStart: msTimestamp("period_start").notNull(),
    approvedAt: msTimestamp("approved_at").notNull(),
    hours: integer("hours").notNull(),
    hourRateCents: integer("hour_rate_cents").notNull(),
    /** hours × rate, what the designer earned with this entry */
    amountCents: integer("amount_cents").notNull(),
  },
  (t) => [
    // Approving again replaces, never adds: one entry per task.
    uniqueIndex("work_log_task_idx").on(t.taskId),
    index("work_log_designer_period_idx").on(t.designerId, t.periodStart),
    index("work_log_project_period_idx").on(t.projectId, t.periodStart),
    check("work_log_hours_check", sql`${t.hours} >= 0`),
  ],
);

/** Payments to designers recorded by an admin (`POST /user/payment`); `debtMoney` drops by each. */
export const designerPayments = pgTable(
  "designer_payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    /** the day paid, as the admin entered it */
    paidAt: msTimestamp("paid_at").notNull(),
    note: text("note").notNull().default(""),
    recordedById: uuid("recorded_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("designer_payments_user_idx").on(t.userId, t.paidAt.desc(), t.id.desc()),
    check("designer_payments_amount_check", sql`${t.amountCents} > 0`),
  ],
);
