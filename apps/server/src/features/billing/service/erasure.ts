import type { AppContext } from "../../../core/context.ts";
import type { Jobs } from "../../../core/jobs/jobs.ts";
import type { DataSubject, ErasureEffects } from "../../../core/personal-data.ts";
import type { Tx } from "../../../db/client.ts";
import { listOwnedStripeCustomers, updateProjectBilling } from "../repo/billing.ts";
import { cancelOpenOrdersOf } from "../repo/orders.ts";
import { changePlan } from "./plan.ts";

/**
 * Removal reaches the payment side (decision 028), inside the removal's transaction:
 * - open bank transfer and BTC orders the person would pay (placed by them, or for a project they
 *   own) are cancelled: nobody should pay, or be asked to pay, for a removed person's order;
 * - each Stripe customer of a project they own holds their e-mail and billing name: a job deletes
 *   it at Stripe (its saved card with it) and the project forgets it. Removal is refused while a
 *   card subscription runs (projects source), so no paid plan ends here; Flexible, which lives
 *   on the deleted saved card, ends as cancelling it would.
 * The job is enqueued in the transaction, so it exists exactly when the removal committed.
 */
export async function eraseBillingOf(tx: Tx, subject: DataSubject, { jobs, emit }: ErasureEffects): Promise<void> {
  for (const order of await cancelOpenOrdersOf(tx, subject.id)) {
    emit({
      type: "billing.orderCanceled",
      actorId: null,
      projectId: order.projectId,
      subject: { type: "paymentOrder", id: order.id },
      payload: { orderId: order.id },
    });
  }
  for (const { projectId, customerId, paymentPlan } of await listOwnedStripeCustomers(tx, subject.id)) {
    if (!customerId) continue;
    await jobs.send("billing.deleteCustomer", { customerId }, { tx });
    await updateProjectBilling(tx, projectId, {
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      stripePaymentMethodId: null,
    });
    if (paymentPlan === "PAY_AS_YOU_GO") {
      await changePlan(tx, emit, {
        projectId,
        actorId: null,
        paymentPlan: "none",
        periodEnd: null,
        activeStripeSubscription: false,
      });
    }
  }
}

/**
 * Deletes one Stripe customer; "no such customer" is done. While Stripe is down (503 from the
 * gateway) or not configured on this instance, the job fails and is retried with a doubling wait
 * from `JOB_RETRY_SECONDS` (about three weeks of tries in all) until Stripe confirms.
 */
export function defineBillingJobs(ctx: AppContext, jobs: Jobs): void {
  jobs.define(
    "billing.deleteCustomer",
    async ({ customerId }) => {
      if (ctx.payments.kind !== "stripe")
        throw new Error("Stripe is not configured: the customer cannot be deleted yet");
      await ctx.payments.deleteCustomer(customerId);
      ctx.log.info({ customerId }, "Stripe customer of a removed person deleted");
    },
    { retryLimit: 20, retryDelaySeconds: ctx.config.jobs.retrySeconds, retryBackoff: true },
  );
}
