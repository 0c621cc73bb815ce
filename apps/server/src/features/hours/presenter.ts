import type { DesignerPayment } from "@atelier/shared";
import type { PaymentRow } from "./repo/payments.ts";

/** Money leaves the server in dollars (DESIGN §3). */
export function presentPayment(row: PaymentRow): DesignerPayment {
  return {
    id: row.id,
    userId: row.userId,
    amount: row.amountCents / 100,
    date: row.paidAt.getTime(),
    note: row.note,
    createdAt: row.createdAt.getTime(),
  };
}
