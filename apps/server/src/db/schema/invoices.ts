import { INVOICE_KINDS } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { paymentOrders } from "./billing.ts";
import { msTimestamp } from "./columns.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * The last number issued per calendar year (UTC). Issuing updates this row in the payment's own
 * transaction, so a rolled-back payment gives its number back and concurrent issues queue on the
 * row lock: numbers are gapless and distinct (decision 061).
 */
export const invoiceCounters = pgTable("invoice_counters", {
  year: integer("year").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

/**
 * Invoices and credit notes as issued: `snapshot` holds seller, buyer, lines and rates as they
 * were, so later settings or billing-detail changes do not alter a document. Rows are never
 * updated; a correction is a credit note pointing at the invoice it reverses.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: INVOICE_KINDS }).notNull(),
    year: integer("year").notNull(),
    sequence: integer("sequence").notNull(),
    /** "2026-000042"; credit notes share the sequence (one gapless series per year) */
    number: text("number").notNull(),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references(() => paymentOrders.id, { onDelete: "set null" }),
    /** the payment's own key (order id, Stripe event id, manual plan change): one invoice per payment */
    paymentKey: text("payment_key"),
    creditedInvoiceId: uuid("credited_invoice_id"),
    currency: text("currency").notNull(),
    netCents: integer("net_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    snapshot: jsonb("snapshot").notNull(),
    issuedById: uuid("issued_by_id").references(() => users.id, { onDelete: "set null" }),
    issuedAt: msTimestamp("issued_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invoices_year_sequence_idx").on(t.year, t.sequence),
    uniqueIndex("invoices_payment_key_idx").on(t.paymentKey),
    // One credit note per invoice: a second would credit the money twice.
    uniqueIndex("invoices_credited_idx").on(t.creditedInvoiceId),
    // Lists: newest first, per project and for the admin.
    index("invoices_project_issued_idx").on(t.projectId, t.issuedAt.desc(), t.id.desc()),
    index("invoices_issued_idx").on(t.issuedAt.desc(), t.id.desc()),
    check("invoices_total_check", sql`${t.totalCents} = ${t.netCents} + ${t.vatCents}`),
  ],
);

/**
 * The seller on every invoice (Workspace settings): one row, id 1, edited by admins. VAT rates
 * are per buyer country, in basis points (2000 = 20%).
 */
export const invoiceSettings = pgTable(
  "invoice_settings",
  {
    id: integer("id").primaryKey().default(1),
    legalName: text("legal_name").notNull().default(""),
    address: text("address").notNull().default(""),
    country: text("country").notNull().default(""),
    vatId: text("vat_id").notNull().default(""),
    /** { "DE": 1900, "FR": 2000 } */
    vatRates: jsonb("vat_rates").$type<Record<string, number>>().notNull().default({}),
    updatedById: uuid("updated_by_id").references(() => users.id, { onDelete: "set null" }),
    updatedAt: msTimestamp("updated_at").notNull().defaultNow(),
  },
  (t) => [check("invoice_settings_one_row", sql`${t.id} = 1`)],
);
