import { ORDER_KINDS, ORDER_METHODS, ORDER_STATUSES, PAYMENT_PLANS, RATE_CURRENCIES } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { bigint, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * A project's ties to the card processor and its extra hours, beside the plan columns on
 * `projects` (kept apart so the projects table does not grow payment details).
 */
export const projectBilling = pgTable("project_billing", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  stripeCustomerId: text("stripe_customer_id"),
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** Flexible: the card saved through Checkout's setup mode */
  stripePaymentMethodId: text("stripe_payment_method_id"),
  /**
   * Stripe time (epoch seconds) of the subscription state last applied: an event created before
   * it is older news and is not applied (webhooks arrive in any order).
   */
  stripeStateAt: bigint("stripe_state_at", { mode: "number" }),
  /** extra hours bought for the period ending at `topUpPeriodEnd`; hours of an older period no longer count */
  topUpHours: integer("top_up_hours").notNull().default(0),
  topUpPeriodEnd: timestamp("top_up_period_end", { withTimezone: true, mode: "date" }),
});

/** Bank transfer and BTC payment orders (DESIGN §8), confirmed by an admin. */
export const paymentOrders = pgTable(
  "payment_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    reference: text("reference").notNull(),
    method: text("method", { enum: ORDER_METHODS }).notNull(),
    kind: text("kind", { enum: ORDER_KINDS }).notNull(),
    paymentPlan: text("payment_plan", { enum: PAYMENT_PLANS }),
    hours: integer("hours"),
    amountCents: integer("amount_cents").notNull(),
    payCurrency: text("pay_currency", { enum: RATE_CURRENCIES }).notNull(),
    /** euros with 2 decimals or bitcoin with 8, as the payer must send it */
    payAmount: numeric("pay_amount", { precision: 20, scale: 8 }).notNull(),
    rateId: uuid("rate_id")
      .notNull()
      .references(() => exchangeRates.id),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("OPEN"),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    confirmedById: uuid("confirmed_by_id").references(() => users.id, { onDelete: "set null" }),
    confirmedAt: msTimestamp("confirmed_at"),
    canceledAt: msTimestamp("canceled_at"),
    rejectedById: uuid("rejected_by_id").references(() => users.id, { onDelete: "set null" }),
    rejectedAt: msTimestamp("rejected_at"),
    /** the admin's reason, shown to the customer */
    rejectionReason: text("rejection_reason"),
  },
  (t) => [
    uniqueIndex("payment_orders_reference_idx").on(t.reference),
    // The admin's list: one status, oldest first.
    index("payment_orders_status_created_idx").on(t.status, t.createdAt, t.id),
    // One open order per project (issue 29): two payments for one plan would be one too many.
    uniqueIndex("payment_orders_one_open_idx").on(t.projectId).where(sql`${t.status} = 'OPEN'`),
    // The project's latest order (a rejected one is shown to the customer until they order again).
    index("payment_orders_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
  ],
);

/** Rates set by an admin; the newest per currency is the current one, older ones stay for the orders priced with them. */
export const exchangeRates = pgTable(
  "exchange_rates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    currency: text("currency", { enum: RATE_CURRENCIES }).notNull(),
    usdPerUnit: numeric("usd_per_unit", { precision: 20, scale: 8 }).notNull(),
    setById: uuid("set_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("exchange_rates_currency_idx").on(t.currency, t.createdAt.desc())],
);

/** Stripe events already applied, by Stripe's event id: a redelivered event changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  /** Stripe's creation time, epoch seconds */
  stripeCreated: bigint("stripe_created", { mode: "number" }).notNull(),
  receivedAt: msTimestamp("received_at").notNull().defaultNow(),
});
