import {
  canBePaid,
  canReadPayments,
  canRecordPayment,
  type DesignerPayment,
  HOURS_MESSAGES,
  type PaymentResult,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { badInput, forbidden, notFound } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { findUserById } from "../../users/index.ts";
import { presentPayment } from "../presenter.ts";
import { insertPayment, listPayments } from "../repo/payments.ts";
import { addToDebt } from "../repo/work-log.ts";

/** `POST /user/payment` (admin): records a payment and lowers the payee's debtMoney in one transaction. */
export async function recordPayment(
  ctx: AppContext,
  actor: Actor,
  input: { userId: string; amount: number; date: number; note: string },
): Promise<PaymentResult> {
  if (!canRecordPayment(actor)) throw forbidden();
  const payee = await findUserById(ctx.db, input.userId);
  if (!payee) throw notFound();
  if (!canBePaid(payee.role)) throw badInput({ userId: HOURS_MESSAGES.paymentOnlyToStaff });
  const amountCents = Math.round(input.amount * 100);
  return withTransaction(ctx, async (tx, emit) => {
    const row = await insertPayment(tx, {
      userId: payee.id,
      amountCents,
      paidAt: new Date(input.date),
      note: input.note,
      recordedById: actor.id,
    });
    const debtCents = await addToDebt(tx, payee.id, -amountCents);
    emit({
      type: "user.paymentRecorded",
      actorId: actor.id,
      projectId: null,
      subject: { type: "user", id: payee.id },
      payload: { userId: payee.id },
    });
    return { payment: presentPayment(row), debtMoney: debtCents / 100 };
  });
}

/** `GET /user/{id}/payments`: staff and the payee; newest payment date first. */
export async function listUserPayments(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; query: { limit: number; cursor?: string | undefined } },
): Promise<{ items: DesignerPayment[]; nextCursor: string | null }> {
  if (!canReadPayments(actor, input.id)) throw forbidden();
  if (!(await findUserById(ctx.db, input.id))) throw notFound();
  const after = decodeCursor(input.query.cursor, ["timestamp", "id"] as const);
  const rows = await listPayments(ctx.db, {
    userId: input.id,
    after: after ? { paidAtKey: after[0], id: after[1] } : null,
    limit: input.query.limit,
  });
  return toPage(rows, input.query.limit, presentPayment, (row) => [row.paidAtKey, row.id]);
}
