import type { CustomerType, Project } from "@atelier/shared";

// Apart from the fields (billing-fields.tsx), which bring the country list and Mantine's Select:
// a form can hold and send billing values before it draws the fields.

/**
 * The billing form's values (SPEC §3 Billing info), as text inputs hold them. A type, not an
 * interface, so a form of them is a record of strings for useSimpleForm (onboarding).
 */
export type BillingValues = {
  customerType: CustomerType;
  customerFirstName: string;
  customerLastName: string;
  customerCompanyName: string;
  customerAddress: string;
  customerPost: string;
  customerPostCode: string;
  country: string | null;
};

export const EMPTY_BILLING: BillingValues = {
  customerType: "COMPANY",
  customerFirstName: "",
  customerLastName: "",
  customerCompanyName: "",
  customerAddress: "",
  customerPost: "",
  customerPostCode: "",
  country: null,
};

/** A project's stored billing details as the form's starting values. */
export function billingValuesOf(project: Project): BillingValues {
  return {
    customerType: project.customerType,
    customerFirstName: project.customerFirstName ?? "",
    customerLastName: project.customerLastName ?? "",
    customerCompanyName: project.customerCompanyName ?? "",
    customerAddress: project.customerAddress ?? "",
    customerPost: project.customerPost ?? "",
    customerPostCode: project.customerPostCode ?? "",
    country: project.customerCountry,
  };
}

/** The payload part the shared billing schemas read: the company name only for a company. */
export function billingPayload(values: BillingValues) {
  return {
    customerType: values.customerType,
    customerFirstName: values.customerFirstName,
    customerLastName: values.customerLastName,
    customerCompanyName: values.customerType === "COMPANY" ? values.customerCompanyName || undefined : undefined,
    customerAddress: values.customerAddress,
    customerPost: values.customerPost,
    customerPostCode: values.customerPostCode,
    country: values.country ?? "",
  };
}
