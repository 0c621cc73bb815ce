import { isOrderPlanCode } from "@atelier/shared";
import type { Emit } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import type { CheckoutState, SubscriptionState } from "../../../payments/gateway.ts";
import { addTopUpHours, findPlanPeriodEnd, lockProjectBilling, updateProjectBilling } from "../repo/billing.ts";
import { changePlan } from "./plan.ts";

/**
 * When a subscription state is from: an event's creation time (seconds, Stripe's clock), or
 * `"api"` for a state just read from Stripe's API, which is newer than any event already received.
 */
export type StateAt = number | "api";

/**
 * Applies Stripe's state of a subscription to its project, unless a newer state was applied
 * already: webhooks can arrive in any order, and an older event must not undo a newer one.
 * Equal times apply, so the last word of one second wins.
 */
export async function applySubscription(
  tx: Tx,
  emit: Emit,
  projectId: string,
  subscription: SubscriptionState,
  at: StateAt,
): Promise<boolean> {
  const billing = await lockProjectBilling(tx, projectId);
  if (!billing) return false;
  const applied = billing.stripeStateAt;
  if (at !== "api" && applied !== null && at < applied) return false;
  // Comparing our clock with Stripe's would be fragile: an API answer counts as at least as new
  // as the newest event applied, and events created after it still apply.
  const stateAt = at === "api" ? Math.max(applied ?? 0, Math.floor(Date.now() / 1000)) : at;
  // An ended subscription that is not the project's current one must not touch its plan (it may
  // have been set by hand since). With no current subscription its time is still recorded, so
  // older events of it that arrive later stay older news.
  if (!subscription.isLive && billing.stripeSubscriptionId !== subscription.id) {
    if (billing.stripeSubscriptionId === null) await updateProjectBilling(tx, projectId, { stripeStateAt: stateAt });
    return false;
  }
  const planCode = subscription.planCode;
  if (subscription.isLive && (!planCode || !isOrderPlanCode(planCode))) return false;
  await updateProjectBilling(tx, projectId, {
    stripeStateAt: stateAt,
    stripeCustomerId: subscription.customerId || billing.stripeCustomerId,
    stripeSubscriptionId: subscription.isLive ? subscription.id : null,
  });
  await changePlan(tx, emit, {
    projectId,
    actorId: null,
    paymentPlan: subscription.isLive && planCode && isOrderPlanCode(planCode) ? planCode : "none",
    periodEnd:
      subscription.isLive && subscription.currentPeriodEnd ? new Date(subscription.currentPeriodEnd * 1000) : null,
    activeStripeSubscription: subscription.isLive,
  });
  return true;
}

/**
 * A finished Checkout: a subscription is applied as above; setup mode saves the card and puts the
 * project on Flexible; payment mode adds the hours it paid for. Applying the same session again
 * leaves the same state, except hours, which only webhooks (once per event id) add.
 */
export async function applyCheckout(
  tx: Tx,
  emit: Emit,
  checkout: CheckoutState,
  options: { at: StateAt; addHours: boolean },
): Promise<void> {
  const projectId = checkout.projectId;
  if (!projectId || !checkout.isComplete) return;
  if (checkout.mode === "subscription" && checkout.subscription) {
    await applySubscription(tx, emit, projectId, checkout.subscription, options.at);
    return;
  }
  if (checkout.mode === "setup" && checkout.paymentMethodId) {
    const billing = await lockProjectBilling(tx, projectId);
    if (!billing) return;
    // A live subscription owns the plan; Flexible is only chosen without one.
    if (billing.stripeSubscriptionId) return;
    await updateProjectBilling(tx, projectId, {
      stripeCustomerId: checkout.customerId ?? billing.stripeCustomerId,
      stripePaymentMethodId: checkout.paymentMethodId,
    });
    await changePlan(tx, emit, {
      projectId,
      actorId: null,
      paymentPlan: "PAY_AS_YOU_GO",
      periodEnd: null,
      activeStripeSubscription: false,
    });
    return;
  }
  if (checkout.mode === "payment" && checkout.purpose === "TOP_UP" && checkout.hours && options.addHours) {
    // The hours belong to the period in force now, read inside this transaction.
    const periodEnd = await findPlanPeriodEnd(tx, projectId);
    if (!periodEnd || periodEnd.getTime() <= Date.now()) return;
    await addTopUpHours(tx, projectId, checkout.hours, periodEnd);
    emit({
      type: "billing.hoursToppedUp",
      actorId: null,
      projectId,
      subject: { type: "project", id: projectId },
      payload: { hours: checkout.hours },
    });
  }
}
