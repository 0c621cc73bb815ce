/** The billing feature's public face: other features import only from here. */
export { loadBillingSummary } from "./service/summary.ts";
