/** The billing feature's public face: other features import only from here. */

export { billingPersonalData } from "./personal-data.ts";
export { startDemoPayAsYouGo } from "./service/demo-plan.ts";
export { defineBillingJobs } from "./service/erasure.ts";
export { setPlanByHand } from "./service/plan.ts";
export { loadBillingSummary } from "./service/summary.ts";
