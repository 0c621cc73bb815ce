// Without zod, so the billing form's fields can draw on the open onboarding screen before any
// schema loads (docs/decisions/047-open-screens-first-load.md).
export const CUSTOMER_TYPES = ["COMPANY", "INDIVIDUAL"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
