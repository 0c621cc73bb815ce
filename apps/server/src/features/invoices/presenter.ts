import type { Invoice, InvoiceSettings } from "@atelier/shared";
import type { ListedInvoice } from "./repo/invoices.ts";
import type { InvoiceSettingsRow } from "./repo/settings.ts";
import { readSnapshot } from "./service/snapshot.ts";

/** An invoice as lists show it; names come from the snapshot (as issued), not today's project. */
export function presentInvoice(row: ListedInvoice): Invoice {
  const { invoice } = row;
  const snapshot = readSnapshot(invoice.snapshot);
  return {
    id: invoice.id,
    kind: invoice.kind,
    number: invoice.number,
    issuedAt: invoice.issuedAt.getTime(),
    projectId: invoice.projectId,
    projectName: snapshot.projectName,
    buyerName: snapshot.buyer.name,
    currency: invoice.currency,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    credits: row.credited ? { id: row.credited.id, number: row.credited.number } : null,
    creditedBy: row.creditNote ? { id: row.creditNote.id, number: row.creditNote.number } : null,
  };
}

export function presentInvoiceSettings(row: InvoiceSettingsRow | null, bankDetails: string | null): InvoiceSettings {
  return {
    legalName: row?.legalName ?? "",
    address: row?.address ?? "",
    country: row?.country ?? "",
    vatId: row?.vatId ?? "",
    vatRates: row?.vatRates ?? {},
    bankDetails,
    updatedAt: row?.updatedAt.getTime() ?? null,
  };
}
