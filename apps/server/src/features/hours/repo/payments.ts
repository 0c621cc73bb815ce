import { and, eq, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { designerPayments } from "../../../db/schema/index.ts";

export type PaymentRow = typeof designerPayments.$inferSelect;
export type ListedPaymentRow = PaymentRow & { paidAtKey: string };

export async function insertPayment(tx: DbOrTx, values: typeof designerPayments.$inferInsert): Promise<PaymentRow> {
  const [row] = await tx.insert(designerPayments).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Keyset page of a user's payments, newest payment date first (designer_payments_user_idx). */
export function listPayments(
  db: DbOrTx,
  options: { userId: string; after: { paidAtKey: string; id: string } | null; limit: number },
): Promise<ListedPaymentRow[]> {
  const after = options.after
    ? sql`(${designerPayments.paidAt}, ${designerPayments.id}) < (${options.after.paidAtKey}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  return db
    .select({ ...designerPaymentsColumns, paidAtKey: timestampKey(designerPayments.paidAt) })
    .from(designerPayments)
    .where(and(eq(designerPayments.userId, options.userId), after))
    .orderBy(sql`${designerPayments.paidAt} desc nulls last`, sql`${designerPayments.id} desc nulls last`)
    .limit(options.limit + 1);
}

const designerPaymentsColumns = {
  id: designerPayments.id,
  userId: designerPayments.userId,
  amountCents: designerPayments.amountCents,
  paidAt: designerPayments.paidAt,
  note: designerPayments.note,
  recordedById: designerPayments.recordedById,
  createdAt: designerPayments.createdAt,
};
