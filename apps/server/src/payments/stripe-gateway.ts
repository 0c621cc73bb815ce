import { idSchema, MESSAGES } from "@atelier/shared";
import Stripe from "stripe";
import type { StripeSettings } from "../config.ts";
import { unavailable } from "../core/errors.ts";
import {
  type CardGateway,
  type CheckoutRequest,
  type CheckoutState,
  InvalidSignatureError,
  type SubscriptionState,
  type WebhookEvent,
} from "./types.ts";

const CURRENCY = "usd";

/**
 * Stripe could not serve the call: unreachable or timed out, its own failure (5xx, `api_error`),
 * or it is throttling us. Not our fault and not the caller's, so 503 (core/errors `unavailable`)
 * rather than 500. A refused request (4xx: bad key, invalid parameters) stays an error of ours.
 */
export function isStripeOutage(error: unknown): boolean {
  if (!(error instanceof Stripe.errors.StripeError)) return false;
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error.statusCode === 429 ||
    (error.statusCode ?? 0) >= 500
  );
}

/** Stripe's "no such customer" (already deleted, or never there): a deletion is done. */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && (error.statusCode === 404 || error.code === "resource_missing");
}

/**
 * Every Stripe call goes through here, once, at the adapter edge: an outage becomes 503 with the
 * SPEC §8 text of the operation, whichever route or job made the call.
 */
async function atStripe<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isStripeOutage(error)) throw unavailable(message, error);
    throw error;
  }
}
const LIVE_STATUSES = new Set(["active", "trialing", "past_due"]);

/**
 * Card payments through Stripe's official SDK (DESIGN §8): Checkout for plans (subscription
 * mode), Flexible (setup mode: the card is saved) and top-ups (payment mode), the billing portal
 * for changes, webhooks verified over the exact bytes.
 */
export function createStripeGateway(settings: StripeSettings): CardGateway {
  const base = settings.apiBase;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: settings.networkRetries,
    timeout: 20_000,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });

  /**
   * The recurring price of a plan, found by its lookup key (the plan code) or created once. The
   * billing portal switches between these prices, so a subscription's price always names its plan.
   */
  async function recurringPrice(item: NonNullable<CheckoutRequest["item"]>): Promise<string> {
    const found = await stripe.prices.list({ lookup_keys: [item.lookupKey], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    const created = await stripe.prices.create({
      currency: CURRENCY,
      unit_amount: item.unitAmountCents,
      recurring: { interval: item.interval ?? "month" },
      lookup_key: item.lookupKey,
      product_data: { name: item.name },
    });
    return created.id;
  }

  return {
    kind: "stripe",
    acceptsCards: true,

    async saveCustomer(customerId, details) {
      const params = {
        email: details.email,
        name: details.name,
        address: {
          line1: details.address.line1,
          city: details.address.city,
          postal_code: details.address.postalCode,
          country: details.address.country,
        },
        metadata: { projectId: details.projectId },
      };
      return atStripe(MESSAGES.unableToCreateStripeCustomer, async () => {
        if (customerId) return (await stripe.customers.update(customerId, params)).id;
        return (await stripe.customers.create(params)).id;
      });
    },

    async createClientToken(customerId) {
      const intent = await atStripe(MESSAGES.unableToGetClientToken, () =>
        stripe.setupIntents.create({ customer: customerId, usage: "off_session" }),
      );
      if (!intent.client_secret) throw new Error("Stripe answered a SetupIntent without a client secret");
      return intent.client_secret;
    },

    createCheckout(request) {
      const message =
        request.mode === "payment" ? MESSAGES.failedToCompletePayment : MESSAGES.unableToCreateSubscription;
      return atStripe(message, () => createCheckout(request));
    },

    readCheckout(sessionId) {
      return atStripe(MESSAGES.failedToCompletePayment, async () =>
        toCheckoutState(
          await stripe.checkout.sessions.retrieve(sessionId, { expand: ["subscription", "setup_intent"] }),
        ),
      );
    },

    createPortalSession(customerId, returnUrl) {
      return atStripe(MESSAGES.failedToCompletePayment, async () => {
        const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
        return session.url;
      });
    },

    cancelSubscription(subscriptionId) {
      return atStripe(MESSAGES.failedToCancelSubscription, async () =>
        toSubscriptionState(await stripe.subscriptions.cancel(subscriptionId)),
      );
    },

    deleteCustomer(customerId) {
      return atStripe(MESSAGES.failedToCompletePayment, async () => {
        try {
          await stripe.customers.del(customerId);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      });
    },

    verifyWebhook(rawBody, signature) {
      return verifyWebhook(rawBody, signature);
    },
  };

  async function createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const metadata: Record<string, string> = { projectId: request.projectId, purpose: request.purpose };
    if (request.hours !== undefined) metadata.hours = String(request.hours);
    const common = {
      customer: request.customerId,
      client_reference_id: request.projectId,
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      metadata,
    };
    let session: Stripe.Checkout.Session;
    if (request.mode === "subscription" && request.item) {
      session = await stripe.checkout.sessions.create({
        ...common,
        mode: "subscription",
        line_items: [{ price: await recurringPrice(request.item), quantity: 1 }],
        subscription_data: { metadata },
      });
    } else if (request.mode === "payment" && request.item) {
      session = await stripe.checkout.sessions.create({
        ...common,
        mode: "payment",
        line_items: [
          {
            price_data: {
              currency: CURRENCY,
              unit_amount: request.item.unitAmountCents,
              product_data: { name: request.item.name },
            },
            quantity: request.item.quantity,
          },
        ],
      });
    } else {
      session = await stripe.checkout.sessions.create({
        ...common,
        mode: "setup",
        currency: CURRENCY,
        setup_intent_data: { metadata },
      });
    }
    if (!session.url) throw new Error("Stripe answered a Checkout session without a URL");
    return { id: session.id, url: session.url };
  }

  function verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent {
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature ?? "", settings.webhookSecret);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidSignatureError();
      throw error;
    }
    const object = event.data.object as { object?: string; id?: string };
    return {
      id: event.id,
      type: event.type,
      created: event.created,
      subscription: object.object === "subscription" ? toSubscriptionState(object as Stripe.Subscription) : null,
      checkoutSessionId: object.object === "checkout.session" && object.id ? object.id : null,
    };
  }
}

/** A project id from metadata, only when it is one (metadata is free text). */
const projectIdOf = (value: string | null | undefined): string | null =>
  idSchema.safeParse(value).success ? (value as string) : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

function toSubscriptionState(subscription: Stripe.Subscription): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? "",
    projectId: projectIdOf(subscription.metadata?.projectId),
    planCode: item?.price.lookup_key ?? subscription.metadata?.purpose ?? null,
    isLive: LIVE_STATUSES.has(subscription.status),
    currentPeriodEnd: item?.current_period_end ?? null,
  };
}

function modeOf(mode: string): CheckoutState["mode"] {
  return mode === "subscription" || mode === "setup" ? mode : "payment";
}

function toCheckoutState(session: Stripe.Checkout.Session): CheckoutState {
  const subscription =
    session.subscription && typeof session.subscription === "object" ? toSubscriptionState(session.subscription) : null;
  const setupIntent = session.setup_intent && typeof session.setup_intent === "object" ? session.setup_intent : null;
  const hours = Number(session.metadata?.hours);
  return {
    id: session.id,
    mode: modeOf(session.mode),
    isComplete: session.status === "complete" && session.payment_status !== "unpaid",
    projectId: projectIdOf(session.metadata?.projectId ?? session.client_reference_id),
    customerId: idOf(session.customer),
    purpose: session.metadata?.purpose ?? null,
    hours: Number.isInteger(hours) && hours > 0 ? hours : null,
    subscription,
    paymentMethodId: idOf(setupIntent?.payment_method),
  };
}
