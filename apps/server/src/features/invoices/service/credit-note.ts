import { canIssueCreditNote, INVOICE_MESSAGES, type Invoice } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { conflict, forbidden, notFound, ruleRefused } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { presentInvoice } from "../presenter.ts";
import { findInvoice, findListedInvoice } from "../repo/invoices.ts";
import { issueDocument } from "./issue.ts";
import { readSnapshot } from "./snapshot.ts";

/**
 * `POST /v3/invoices/{invoiceId}/credit-note` (admin): an issued invoice is never changed, so a
 * refund or correction is a credit note reversing it in full, with the invoice's own seller, buyer,
 * lines and rate (its snapshot), negated, and a number from the same series. One per invoice.
 */
export async function issueCreditNote(
  ctx: AppContext,
  actor: Actor,
  input: { invoiceId: string; reason: string },
): Promise<Invoice> {
  if (!canIssueCreditNote(actor)) throw forbidden();
  const note = await withTransaction(ctx, async (tx) => {
    // The lock makes a second credit note of the same invoice wait, then see the first (409).
    const invoice = await findInvoice(tx, input.invoiceId, { forUpdate: true });
    if (!invoice) throw notFound();
    if (invoice.kind !== "INVOICE") throw ruleRefused(INVOICE_MESSAGES.creditNoteOfCreditNote);
    const original = readSnapshot(invoice.snapshot);
    return issueDocument(tx, {
      kind: "CREDIT_NOTE",
      projectId: invoice.projectId,
      orderId: invoice.orderId,
      paymentKey: null,
      creditedInvoiceId: invoice.id,
      actorId: actor.id,
      content: {
        seller: original.seller,
        buyer: original.buyer,
        projectName: original.projectName,
        lines: original.lines.map((line) => ({
          ...line,
          unitNetCents: -line.unitNetCents,
          netCents: -line.netCents,
        })),
        currency: original.currency,
        netCents: -original.netCents,
        vatCents: -original.vatCents,
        totalCents: -original.totalCents,
        vatRateBasisPoints: original.vatRateBasisPoints,
        reverseCharge: original.reverseCharge,
        payment: null,
        credits: { number: original.number, issuedAt: original.issuedAt, reason: input.reason },
      },
    });
  }).catch((error: unknown) => {
    if (isUniqueViolation(error, "invoices_credited_idx")) throw conflict(INVOICE_MESSAGES.alreadyCredited);
    throw error;
  });
  const listed = await findListedInvoice(ctx.db, note.id);
  if (!listed) throw notFound();
  return presentInvoice(listed);
}
