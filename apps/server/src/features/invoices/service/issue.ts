import { INVOICE_CURRENCY, type InvoiceLine } from "@atelier/shared";
import type { Config } from "../../../config.ts";
import type { Tx } from "../../../db/client.ts";
import { type InvoiceRow, insertInvoice, takeInvoiceSequence } from "../repo/invoices.ts";
import { findBuyerDetails, findInvoiceSettings, type InvoiceSettingsRow } from "../repo/settings.ts";
import type { InvoiceSnapshot } from "./snapshot.ts";
import { splitVat } from "./vat.ts";

/** "2026-000042": the year and its gapless sequence. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(6, "0")}`;
}

/** The bank account transfers are paid to (server settings), as one printable line. */
export function bankDetailsOf(config: Config): string | null {
  const bank = config.payments.bank;
  if (!bank) return null;
  return [`${bank.beneficiary}`, `IBAN ${bank.iban}`, bank.bic ? `BIC ${bank.bic}` : null].filter(Boolean).join(", ");
}

/**
 * The seller as set by the admin. Until they are set, the product name stands in and the Invoices
 * screen warns: a payment that arrived is never refused over a missing setting (decision 061).
 */
export function sellerOf(settings: InvoiceSettingsRow | null, config: Config): InvoiceSnapshot["seller"] {
  return {
    name: settings?.legalName || config.productName,
    address: settings?.address ?? "",
    country: settings?.country ?? "",
    vatId: settings?.vatId || null,
    bankDetails: bankDetailsOf(config),
  };
}

/**
 * Issues the invoice of a confirmed payment inside the payment's own transaction (decision 061):
 * the number is taken from the year's counter row there, so a payment that rolls back gives its
 * number back and two payments confirmed at once get consecutive numbers. `paymentKey` (the
 * order id, for example) makes a second invoice for one payment impossible (unique index).
 */
export async function issuePaymentInvoice(
  tx: Tx,
  config: Config,
  input: {
    projectId: string;
    paymentKey: string;
    orderId: string | null;
    /** what was paid, VAT included, in US cents */
    totalCents: number;
    description: string;
    payment: string | null;
    actorId: string | null;
  },
): Promise<InvoiceRow> {
  const settings = await findInvoiceSettings(tx);
  const seller = sellerOf(settings, config);
  const buyer = await findBuyerDetails(tx, input.projectId);
  if (!buyer) throw new Error(`no project ${input.projectId} to invoice`);
  const buyerCountry = buyer.customerCountry ?? "";
  const buyerVatId: string | null = null;
  const vat = splitVat({
    totalCents: input.totalCents,
    sellerCountry: seller.country,
    buyerCountry,
    buyerVatId,
    rates: settings?.vatRates ?? {},
  });
  const person = [buyer.customerFirstName, buyer.customerLastName].filter(Boolean).join(" ");
  const buyerName =
    buyer.customerType === "COMPANY" && buyer.customerCompanyName ? `${buyer.customerCompanyName} (${person})` : person;
  const lines: InvoiceLine[] = [
    { description: input.description, quantity: 1, unitNetCents: vat.netCents, netCents: vat.netCents },
  ];
  return issueDocument(tx, {
    kind: "INVOICE",
    projectId: input.projectId,
    orderId: input.orderId,
    paymentKey: input.paymentKey,
    creditedInvoiceId: null,
    actorId: input.actorId,
    content: {
      seller,
      buyer: {
        name: buyerName || buyer.projectName,
        address: [buyer.customerAddress, [buyer.customerPostCode, buyer.customerPost].filter(Boolean).join(" ")]
          .filter(Boolean)
          .join("\n"),
        country: buyerCountry,
        vatId: buyerVatId,
      },
      projectName: buyer.projectName,
      lines,
      currency: INVOICE_CURRENCY,
      netCents: vat.netCents,
      vatCents: vat.vatCents,
      totalCents: vat.totalCents,
      vatRateBasisPoints: vat.rateBasisPoints,
      reverseCharge: vat.reverseCharge,
      payment: input.payment,
      credits: null,
    },
  });
}

/** Numbers and stores a document; the one place invoices and credit notes are written. */
export async function issueDocument(
  tx: Tx,
  input: {
    kind: InvoiceSnapshot["kind"];
    projectId: string | null;
    orderId: string | null;
    paymentKey: string | null;
    creditedInvoiceId: string | null;
    actorId: string | null;
    content: Omit<InvoiceSnapshot, "version" | "kind" | "number" | "issuedAt">;
  },
): Promise<InvoiceRow> {
  const issuedAt = new Date();
  const year = issuedAt.getUTCFullYear();
  const sequence = await takeInvoiceSequence(tx, year);
  const number = formatInvoiceNumber(year, sequence);
  const snapshot: InvoiceSnapshot = {
    version: 1,
    kind: input.kind,
    number,
    issuedAt: issuedAt.getTime(),
    ...input.content,
  };
  return insertInvoice(tx, {
    kind: input.kind,
    year,
    sequence,
    number,
    projectId: input.projectId,
    orderId: input.orderId,
    paymentKey: input.paymentKey,
    creditedInvoiceId: input.creditedInvoiceId,
    currency: input.content.currency,
    netCents: input.content.netCents,
    vatCents: input.content.vatCents,
    totalCents: input.content.totalCents,
    snapshot,
    issuedById: input.actorId,
    issuedAt,
  });
}
