import type { PaymentPlan } from "@atelier/shared";
import type { Emit } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import { setProjectPlan } from "../repo/billing.ts";

/** Sets a project's plan columns and records the change (the one place plans change). */
export async function changePlan(
  tx: Tx,
  emit: Emit,
  change: {
    projectId: string;
    actorId: string | null;
    paymentPlan: PaymentPlan;
    periodEnd: Date | null;
    activeStripeSubscription: boolean;
  },
): Promise<void> {
  await setProjectPlan(tx, change.projectId, change);
  emit({
    type: "billing.planChanged",
    actorId: change.actorId,
    projectId: change.projectId,
    subject: { type: "project", id: change.projectId },
    payload: {
      paymentPlan: change.paymentPlan,
      periodEnd: change.periodEnd ? Math.floor(change.periodEnd.getTime() / 1000) : null,
      activeStripeSubscription: change.activeStripeSubscription,
    },
  });
}

/** `date` plus whole calendar months in UTC; the 31st becomes the month's last day when it has fewer. */
export function addMonthsUtc(date: Date, months: number): Date {
  const target = new Date(date.getTime());
  const day = target.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}
