/** The invoices feature's public face: billing issues an invoice in a payment's transaction. */

export { issuePaymentInvoice } from "./service/issue.ts";
