import { z } from "zod";
import { COUNTRY_CODES } from "../country-codes.ts";
import { idSchema, pageQuery, textSchema } from "./common.ts";
import { countryCodeSchema } from "./project.ts";

/** An invoice, or a credit note reversing one (issue 24 part 3); both share one numbering per year. */
export const INVOICE_KINDS = ["INVOICE", "CREDIT_NOTE"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Invoices are priced like the plans: US dollars, in cents. */
export const INVOICE_CURRENCY = "USD";

export const INVOICE_TEXT_MAX = 300;
export const CREDIT_NOTE_REASON_MAX = 500;
/** VAT rates are basis points: 2000 is 20%, at most 100%. */
export const VAT_RATE_MAX_BASIS_POINTS = 10_000;

export const INVOICE_MESSAGES = {
  alreadyCredited: "This invoice already has a credit note",
  creditNoteOfCreditNote: "A credit note cannot itself be credited",
  sellerMissing: "Set the seller's legal name and address in the invoice settings first",
} as const;

export const invoiceParams = z.object({ invoiceId: idSchema });

/** One line of an invoice as issued; amounts in cents, net of VAT. */
export const invoiceLineSchema = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitNetCents: z.number().int(),
  netCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePartySchema = z.object({
  name: z.string(),
  address: z.string(),
  country: z.string(),
  vatId: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoicePartySchema>;

/** An invoice in lists: what the Plan screen and the admin Invoices screen show. */
export const invoiceSchema = z.object({
  id: idSchema,
  kind: z.enum(INVOICE_KINDS),
  number: z.string(),
  issuedAt: z.number().int(),
  projectId: idSchema.nullable(),
  projectName: z.string(),
  buyerName: z.string(),
  currency: z.string(),
  netCents: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
  /** a credit note: the invoice it reverses */
  credits: z.object({ id: idSchema, number: z.string() }).nullable(),
  /** an invoice already reversed: its credit note */
  creditedBy: z.object({ id: idSchema, number: z.string() }).nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceListQuerySchema = z.object({ ...pageQuery(25) });

export const creditNoteSchema = z.object({
  reason: textSchema("Give a reason")
    .trim()
    .min(1, { message: "Give a reason" })
    .max(CREDIT_NOTE_REASON_MAX, { message: `The reason must be at most ${CREDIT_NOTE_REASON_MAX} characters` }),
});
export type CreditNoteInput = z.infer<typeof creditNoteSchema>;

const settingText = (label: string) =>
  textSchema(`${label} must be text`)
    .trim()
    .max(INVOICE_TEXT_MAX, { message: `${label} must be at most ${INVOICE_TEXT_MAX} characters` });

/** The seller on every invoice and the VAT rate per buyer country (admin, Workspace settings). */
export const invoiceSettingsSchema = z.object({
  legalName: settingText("Legal name").min(1, { message: "Legal name is required" }),
  address: settingText("Address").min(1, { message: "Address is required" }),
  country: countryCodeSchema,
  vatId: settingText("VAT ID"),
  vatRates: z
    .record(
      z.string().refine((code) => COUNTRY_CODES.includes(code), { message: "Choose a country from the list" }),
      z
        .number({ message: "A VAT rate is a number" })
        .int({ message: "A VAT rate is whole basis points" })
        .min(0, { message: "A VAT rate cannot be negative" })
        .max(VAT_RATE_MAX_BASIS_POINTS, { message: "A VAT rate is at most 100%" }),
    )
    .refine((rates) => Object.keys(rates).length <= COUNTRY_CODES.length, { message: "Too many rates" }),
});
export type InvoiceSettingsInput = z.infer<typeof invoiceSettingsSchema>;

/** The settings as stored: empty strings until an admin first saves them. */
export const invoiceSettingsAnswerSchema = z.object({
  legalName: z.string(),
  address: z.string(),
  country: z.string(),
  vatId: z.string(),
  vatRates: z.record(z.string(), z.number().int()),
  /** the bank account transfers are paid to (server settings), printed on invoices */
  bankDetails: z.string().nullable(),
  updatedAt: z.number().int().nullable(),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsAnswerSchema>;
