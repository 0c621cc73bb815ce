import type { CustomerType } from "@atelier/shared";
import type { NewProjectRow } from "../repo/projects.ts";

interface BillingInput {
  customerType: CustomerType;
  customerFirstName: string;
  customerLastName: string;
  customerCompanyName?: string | null | undefined;
  customerAddress: string;
  customerPost: string;
  customerPostCode: string;
  country: string;
}

/** SPEC §3 billing info as project columns. */
export function billingColumns(input: BillingInput): Partial<NewProjectRow> {
  return {
    customerType: input.customerType,
    customerFirstName: input.customerFirstName,
    customerLastName: input.customerLastName,
    // A company name left over from an earlier COMPANY choice would end up on invoices.
    customerCompanyName: input.customerType === "COMPANY" ? (input.customerCompanyName ?? null) : null,
    customerAddress: input.customerAddress,
    customerPost: input.customerPost,
    customerPostCode: input.customerPostCode,
    customerCountry: input.country,
  };
}
