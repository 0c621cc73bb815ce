import { BILLING_MESSAGES } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { badInput, notFound } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { type CheckoutState, InvalidSignatureError, type WebhookEvent } from "../../../payments/gateway.ts";
import { findProjectIdByStripeCustomer, recordStripeEvent } from "../repo/billing.ts";
import { applyCheckout, applySubscription } from "./apply.ts";

const CHECKOUT_DONE = new Set(["checkout.session.completed", "checkout.session.async_payment_succeeded"]);

/**
 * `POST /v3/project/stripe-payment/webhook`: Stripe's events are the source of truth for card
 * subscriptions (DESIGN §8). The signature is checked over the exact bytes (400 otherwise, nothing
 * changes); the event id is recorded in the same transaction as its effect, so a redelivered event
 * changes nothing and a failed one is retried by Stripe.
 */
export async function handleStripeWebhook(
  ctx: AppContext,
  input: { rawBody: Buffer; signature: string | undefined },
): Promise<{ received: true }> {
  if (ctx.payments.kind !== "stripe") throw notFound(BILLING_MESSAGES.webhookNotConfigured);
  let event: WebhookEvent;
  try {
    event = ctx.payments.verifyWebhook(input.rawBody, input.signature);
  } catch (error) {
    if (error instanceof InvalidSignatureError) throw badInput({ "stripe-signature": BILLING_MESSAGES.badSignature });
    throw error;
  }
  // Stripe's recommendation: read the session as it is now rather than trust the event's copy.
  const checkout: CheckoutState | null =
    CHECKOUT_DONE.has(event.type) && event.checkoutSessionId
      ? await ctx.payments.readCheckout(event.checkoutSessionId)
      : null;
  const subscription = event.type.startsWith("customer.subscription.") ? event.subscription : null;
  const projectId = subscription
    ? (subscription.projectId ?? (await findProjectIdByStripeCustomer(ctx.db, subscription.customerId)))
    : null;

  await withTransaction(ctx, async (tx, emit) => {
    if (!(await recordStripeEvent(tx, event))) return;
    if (checkout) await applyCheckout(tx, emit, checkout, { at: event.created, addHours: true });
    if (subscription && projectId) await applySubscription(tx, emit, projectId, subscription, event.created);
  });
  return { received: true };
}
