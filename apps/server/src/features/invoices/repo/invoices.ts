import { and, asc, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { invoiceCounters, invoices } from "../../../db/schema/index.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;

/**
 * The next number of `year`, taken in the caller's transaction: the counter row stays locked
 * until it commits (concurrent issues queue), and a rollback gives the number back (no gaps).
 */
export async function takeInvoiceSequence(tx: DbOrTx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error("counter upsert returned no row");
  return row.lastNumber;
}

export async function insertInvoice(tx: DbOrTx, values: NewInvoiceRow): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

const creditNotes = alias(invoices, "credit_notes");
const credited = alias(invoices, "credited");

function selectListed(db: DbOrTx) {
  return db
    .select({
      invoice: invoices,
      creditNote: { id: creditNotes.id, number: creditNotes.number },
      credited: { id: credited.id, number: credited.number },
      issuedAtKey: timestampKey(invoices.issuedAt),
    })
    .from(invoices)
    .leftJoin(creditNotes, eq(creditNotes.creditedInvoiceId, invoices.id))
    .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
    .$dynamic();
}

export type ListedInvoice = Awaited<ReturnType<typeof findListedInvoice>> & {};

export async function findListedInvoice(db: DbOrTx, invoiceId: string) {
  const [row] = await selectListed(db).where(eq(invoices.id, invoiceId));
  return row ?? null;
}

export async function findInvoice(db: DbOrTx, invoiceId: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(invoices).where(eq(invoices.id, invoiceId));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row ?? null;
}

/** One keyset page (limit + 1 rows), newest first; one project's or all (invoices_*_issued_idx). */
export async function listInvoices(
  db: DbOrTx,
  options: { projectId: string | null; after: { issuedAtKey: string; id: string } | null; limit: number },
) {
  const after: SQL | undefined = options.after
    ? sql`(${invoices.issuedAt}, ${invoices.id}) < (${options.after.issuedAtKey}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  const scope = options.projectId ? eq(invoices.projectId, options.projectId) : undefined;
  return selectListed(db)
    .where(and(scope, after))
    .orderBy(desc(invoices.issuedAt), desc(invoices.id))
    .limit(options.limit + 1);
}

/** Every document, oldest first, for the CSV (an accountant's ledger reads forwards). */
export async function listAllInvoicesForExport(db: DbOrTx) {
  return db.select().from(invoices).orderBy(asc(invoices.year), asc(invoices.sequence));
}
