import {
  type BillingSummary,
  canPayForProject,
  canSeePlanCosts,
  type ManualSetupPlanInput,
  monthStartUtc,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentBillingSummary, presentOrder } from "../presenter.ts";
import { findProjectBilling, sumApprovedHoursSince } from "../repo/billing.ts";
import { findLatestProjectOrder, listOpenProjectOrders } from "../repo/orders.ts";
import { findCurrentRate } from "../repo/rates.ts";
import { setPlanByHand } from "./plan.ts";

/** A visible project's billing summary for the actor (404 when they cannot see the project). */
export async function loadBillingSummary(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  preloaded?: PreloadedScope,
): Promise<BillingSummary> {
  const { project, membership } = await loadVisibleProject(ctx, actor, projectId, preloaded);
  const canPay = canPayForProject(actor, membership);
  const now = new Date();
  const [billing, btc, eur, orders, latest, approvedHours] = await Promise.all([
    findProjectBilling(ctx.db, projectId),
    findCurrentRate(ctx.db, "BTC"),
    findCurrentRate(ctx.db, "EUR"),
    canPay ? listOpenProjectOrders(ctx.db, projectId) : Promise.resolve([]),
    canPay ? findLatestProjectOrder(ctx.db, projectId) : Promise.resolve(null),
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
    // A rejection stays in view until the customer orders again.
    rejectedOrder: latest?.order.status === "REJECTED" ? await presentOrder(ctx.config, latest) : null,
    config: ctx.config,
    payments: ctx.payments,
    approvedHours,
    now,
  });
}

/** `GET /v3/project/{id}/billing`. */
export function getBillingSummary(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
  preloaded?: PreloadedScope,
): Promise<BillingSummary> {
  return loadBillingSummary(ctx, actor, input.id, preloaded);
}

/**
 * `POST /v3/project/{id}/manual-setup-payment-plan` (admin): SPEC §9's codes, the period end in
 * seconds. A plan set by hand is not a card subscription, so `activeStripeSubscription` clears.
 */
export async function manualSetupPlan(
  ctx: AppContext,
  actor: Actor,
  input: { id: string } & ManualSetupPlanInput,
  preloaded?: PreloadedScope,
): Promise<BillingSummary> {
  const { project } = await loadVisibleProject(ctx, actor, input.id, preloaded);
  await setPlanByHand(ctx, actor, {
    project,
    paymentPlan: input.paymentPlan,
    periodEnd: input.paymentPlanCurrentPeriodEnd,
    periodEndField: "paymentPlanCurrentPeriodEnd",
  });
  return loadBillingSummary(ctx, actor, project.id);
}
