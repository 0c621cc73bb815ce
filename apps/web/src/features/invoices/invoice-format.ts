import type { Invoice } from "@atelier/shared";

/** "$39.95", "-$402.00": cents as US dollars (invoices are in USD). */
export function formatInvoiceAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}$${Math.floor(abs / 100).toLocaleString("en-US")}.${String(abs % 100).padStart(2, "0")}`;
}

export function formatIssueDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}

export function invoiceKindLabel(invoice: Pick<Invoice, "kind">): string {
  return invoice.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice";
}
