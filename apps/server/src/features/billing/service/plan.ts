import {
  type AdminPlanCode,
  canSetPlanByHand,
  type PaymentPlan,
  PROJECT_MESSAGES,
  planByHandIssue,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, forbidden, ruleRefused } from "../../../core/errors.ts";
import { type Emit, withTransaction } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import { setProjectPlan } from "../repo/billing.ts";

/**
 * A plan set by hand, the one door for it: the manual plan call and the staff project edit
 * (`adminUpdate`) both come here, so both have the same rule (admin only, never under a live
 * Stripe subscription) and the same check (a period end ahead). `periodEndField` names the
 * caller's field in a 400. The caller has already checked the project is visible to the actor.
 */
export async function setPlanByHand(
  ctx: AppContext,
  actor: Actor,
  input: {
    project: { id: string; activeStripeSubscription: boolean };
    paymentPlan: AdminPlanCode;
    periodEnd: number | null | undefined;
    periodEndField: string;
  },
): Promise<void> {
  const { project, paymentPlan } = input;
  if (!canSetPlanByHand(actor)) throw forbidden();
  // Stripe owns the plan while a subscription is live; a hand-set plan would be overwritten.
  if (project.activeStripeSubscription) throw ruleRefused(PROJECT_MESSAGES.planLockedBySubscription);
  const issue = planByHandIssue({ paymentPlan, periodEnd: input.periodEnd });
  if (issue) throw badInput({ [input.periodEndField]: issue });
  const periodEnd = paymentPlan === "none" || input.periodEnd == null ? null : new Date(input.periodEnd * 1000);
  // A plan set by hand is not a card subscription, so `activeStripeSubscription` clears.
  await withTransaction(ctx, (tx, emit) =>
    changePlan(tx, emit, {
      projectId: project.id,
      actorId: actor.id,
      paymentPlan,
      periodEnd,
      activeStripeSubscription: false,
    }),
  );
}

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
