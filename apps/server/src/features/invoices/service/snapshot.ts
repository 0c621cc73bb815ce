import type { InvoiceKind, InvoiceLine, InvoiceParty } from "@atelier/shared";

/**
 * An invoice's data as issued (decision 061): everything the PDF and the CSV show, copied at issue
 * so that later changes to the seller settings, the VAT rates or the project's billing details
 * leave issued documents as they were. Stored as JSON; `version` names this shape.
 */
export interface InvoiceSnapshot {
  version: 1;
  kind: InvoiceKind;
  number: string;
  issuedAt: number;
  seller: InvoiceParty & { bankDetails: string | null };
  buyer: InvoiceParty;
  projectName: string;
  lines: InvoiceLine[];
  currency: string;
  netCents: number;
  vatCents: number;
  totalCents: number;
  vatRateBasisPoints: number;
  reverseCharge: boolean;
  /** how it was paid: "Bank transfer AT-XXXXXXXX, 12.34 EUR" */
  payment: string | null;
  /** a credit note: the invoice it reverses and why */
  credits: { number: string; issuedAt: number; reason: string } | null;
}

/** Reads a stored snapshot (written only by `issueDocument`, so its shape is ours). */
export function readSnapshot(value: unknown): InvoiceSnapshot {
  return value as InvoiceSnapshot;
}
