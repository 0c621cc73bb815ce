import { canManageInvoices } from "@atelier/shared";
import type { BinaryAnswer } from "../../../core/binary-route.ts";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, unauthenticated } from "../../../core/errors.ts";
import { listAllInvoicesForExport } from "../repo/invoices.ts";
import { readSnapshot } from "./snapshot.ts";

const COLUMNS = [
  "number",
  "kind",
  "issue_date",
  "credits",
  "project",
  "buyer",
  "buyer_country",
  "buyer_vat_id",
  "currency",
  "net",
  "vat_rate_percent",
  "reverse_charge",
  "vat",
  "total",
] as const;

/**
 * One CSV field: quoted when it holds a separator, quote or line break, and prefixed with an
 * apostrophe when it starts like a formula, so a spreadsheet never runs a buyer's name as one.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const decimal = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

/** `GET /v3/invoices/export.csv` (admin): the whole ledger, oldest first, amounts as decimals. */
export async function exportInvoicesCsv(ctx: AppContext, actor: Actor | null): Promise<BinaryAnswer> {
  if (!actor) throw unauthenticated();
  if (!canManageInvoices(actor)) throw forbidden();
  const rows = await listAllInvoicesForExport(ctx.db);
  const lines = [COLUMNS.join(",")];
  for (const row of rows) {
    const s = readSnapshot(row.snapshot);
    // Numbers are written as plain decimals (never through csvField's formula guard, which would
    // quote a credit note's minus sign).
    lines.push(
      [
        csvField(row.number),
        row.kind,
        new Date(s.issuedAt).toISOString().slice(0, 10),
        csvField(s.credits?.number ?? ""),
        csvField(s.projectName),
        csvField(s.buyer.name),
        csvField(s.buyer.country),
        csvField(s.buyer.vatId ?? ""),
        row.currency,
        decimal(row.netCents),
        (s.vatRateBasisPoints / 100).toFixed(2),
        s.reverseCharge ? "yes" : "no",
        decimal(row.vatCents),
        decimal(row.totalCents),
      ].join(","),
    );
  }
  const body = Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
  return {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-length": String(body.length),
      "content-disposition": `attachment; filename="invoices-${new Date().toISOString().slice(0, 10)}.csv"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
    body,
  };
}
