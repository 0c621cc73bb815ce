import {
  type BillingSummary,
  canPayForProject,
  canSeePlanCosts,
  canSetPlanByHand,
  type ManualSetupPlanInput,
  monthStartUtc,
  PROJECT_MESSAGES,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, ruleRefused } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentBillingSummary, presentOrder } from "../presenter.ts";
import { findProjectBilling, sumApprovedHoursSince } from "../repo/billing.ts";
import { listOpenProjectOrders } from "../repo/orders.ts";
import { findCurrentRate } from "../repo/rates.ts";
import { changePlan } from "./plan.ts";

/** A visible project's billing summary for the actor (404 when they cannot see the project). */
export async function loadBillingSummary(ctx: AppContext, actor: Actor, projectId: string): Promise<BillingSummary> {
  const { project, membership } = await loadVisibleProject(ctx, actor, projectId);
  const canPay = canPayForProject(actor, membership);
  const now = new Date();
  const [billing, btc, eur, orders, approvedHours] = await Promise.all([
    findProjectBilling(ctx.db, projectId),
    findCurrentRate(ctx.db, "BTC"),
    findCurrentRate(ctx.db, "EUR"),
    canPay ? listOpenProjectOrders(ctx.db, projectId) : Promise.resolve([]),
    canSeePlanCosts(actor, membership)
      ? sumApprovedHoursSince(ctx.db, projectId, new Date(monthStartUtc(now.getTime())))
      : Promise.resolve(0),
  ]);
  return presentBillingSummary({
    actor,
    membership,
    project,
    billing,
    rates: { BTC: btc, EUR: eur },
    openOrders: await Promise.all(orders.map((row) => presentOrder(ctx.config, row))),
    config: ctx.config,
    payments: ctx.payments,
    approvedHours,
    now,
  });
}

/** `GET /v3/project/{id}/billing`. */
export function getBillingSummary(ctx: AppContext, actor: Actor, input: { id: string }): Promise<BillingSummary> {
  return loadBillingSummary(ctx, actor, input.id);
}

/**
 * `POST /v3/project/{id}/manual-setup-payment-plan` (admin): SPEC §9's codes, the period end in
 * seconds. A plan set by hand is not a card subscription, so `activeStripeSubscription` clears.
 */
export async function manualSetupPlan(
  ctx: AppContext,
  actor: Actor,
  input: { id: string } & ManualSetupPlanInput,
): Promise<BillingSummary> {
  const { project } = await loadVisibleProject(ctx, actor, input.id);
  if (!canSetPlanByHand(actor)) throw forbidden();
  // Stripe owns the plan while a subscription is live; a hand-set plan would be overwritten.
  if (project.activeStripeSubscription) throw ruleRefused(PROJECT_MESSAGES.planLockedBySubscription);
  const periodEnd =
    input.paymentPlan === "none" || input.paymentPlanCurrentPeriodEnd == null
      ? null
      : new Date(input.paymentPlanCurrentPeriodEnd * 1000);
  await withTransaction(ctx, (tx, emit) =>
    changePlan(tx, emit, {
      projectId: project.id,
      actorId: actor.id,
      paymentPlan: input.paymentPlan,
      periodEnd,
      activeStripeSubscription: false,
    }),
  );
  return loadBillingSummary(ctx, actor, project.id);
}
