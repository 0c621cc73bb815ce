import { z } from "zod";
import { idParams, pageOf } from "../schemas/common.ts";
import {
  creditNoteSchema,
  invoiceListQuerySchema,
  invoiceParams,
  invoiceSchema,
  invoiceSettingsAnswerSchema,
  invoiceSettingsSchema,
} from "../schemas/invoices.ts";
import { endpoint } from "./endpoint.ts";

const tag = "invoices";

/**
 * Invoices and credit notes (issue 24 part 3). Contract decisions: an invoice is issued by the
 * payment itself (no call creates one); PDFs and the CSV are binary answers; lists are newest
 * first, keyset-paged.
 */
export const invoicesContract = {
  listProject: endpoint({
    method: "GET",
    path: "/v3/project/:id/invoices",
    summary: "The project's invoices and credit notes, newest first: owner, editors and admins",
    tag,
    auth: true,
    params: idParams,
    query: invoiceListQuerySchema,
    response: pageOf(invoiceSchema),
  }),
  list: endpoint({
    method: "GET",
    path: "/v3/invoices",
    summary: "Admin: every invoice and credit note, newest first",
    tag,
    auth: true,
    query: invoiceListQuerySchema,
    response: pageOf(invoiceSchema),
  }),
  exportCsv: endpoint({
    method: "GET",
    path: "/v3/invoices/export.csv",
    summary: "Admin: every invoice and credit note as CSV, oldest first",
    tag,
    auth: true,
    answer: "binary",
    response: z.unknown(),
  }),
  pdf: endpoint({
    method: "GET",
    path: "/v3/invoices/:invoiceId/pdf",
    summary: "The invoice or credit note as a PDF: the project's owner, editors and admins",
    tag,
    auth: true,
    answer: "binary",
    params: invoiceParams,
    response: z.unknown(),
  }),
  issueCreditNote: endpoint({
    method: "POST",
    path: "/v3/invoices/:invoiceId/credit-note",
    summary: "Admin: a credit note reversing the invoice in full (an invoice is never changed)",
    tag,
    auth: true,
    errors: ["CONFLICT"],
    params: invoiceParams,
    body: creditNoteSchema,
    response: invoiceSchema,
  }),
  settings: endpoint({
    method: "GET",
    path: "/v3/invoice-settings",
    summary: "Admin: the seller printed on invoices and the VAT rate per buyer country",
    tag,
    auth: true,
    response: invoiceSettingsAnswerSchema,
  }),
  saveSettings: endpoint({
    method: "POST",
    path: "/v3/invoice-settings",
    summary: "Admin: saves the seller and VAT rates; invoices already issued keep what they were issued with",
    tag,
    auth: true,
    body: invoiceSettingsSchema,
    response: invoiceSettingsAnswerSchema,
  }),
};
