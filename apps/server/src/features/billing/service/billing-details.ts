import type { ProjectAccess } from "../../projects/index.ts";

/**
 * Whether the project has the billing details an invoice needs (SPEC §3 Billing info). Renaming a
 * project asks none of them (issue 29); paying does: a card customer and a payment order.
 */
export function hasBillingDetails(
  project: Pick<
    ProjectAccess["project"],
    | "customerFirstName"
    | "customerLastName"
    | "customerAddress"
    | "customerPost"
    | "customerPostCode"
    | "customerCountry"
  >,
): boolean {
  return Boolean(
    project.customerFirstName &&
      project.customerLastName &&
      project.customerAddress &&
      project.customerPost &&
      project.customerPostCode &&
      project.customerCountry,
  );
}
