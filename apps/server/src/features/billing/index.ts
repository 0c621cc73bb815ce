/** The billing feature's public face: other features import only from here. */

export { startDemoPayAsYouGo } from "./service/demo-plan.ts";
export { setPlanByHand } from "./service/plan.ts";
export { loadBillingSummary } from "./service/summary.ts";
