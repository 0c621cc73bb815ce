/**
 * Where card payments go. Manual mode (the embedded default, DESIGN §2) takes no cards: bank
 * transfer and BTC orders are confirmed by an admin. With STRIPE_SECRET_KEY the Stripe gateway
 * stands behind the same interface; services see these plain shapes, never Stripe's own types.
 */
export type PaymentGateway = ManualGateway | CardGateway;

export interface ManualGateway {
  readonly kind: "manual";
  readonly acceptsCards: false;
}

/** A subscription as far as a project's plan depends on it. */
export interface SubscriptionState {
  id: string;
  customerId: string;
  /** the project it was bought for (metadata set at Checkout) */
  projectId: string | null;
  /** the plan code of its price (lookup key), null when it is not one of ours */
  planCode: string | null;
  /** active, trialing or past_due: the customer is still subscribed */
  isLive: boolean;
  /** epoch seconds */
  currentPeriodEnd: number | null;
}

export interface CheckoutState {
  id: string;
  mode: "subscription" | "setup" | "payment";
  /** Checkout finished and, for payments, the money was taken */
  isComplete: boolean;
  projectId: string | null;
  customerId: string | null;
  /** the kind of purchase we started it for (metadata): a plan code or TOP_UP */
  purpose: string | null;
  /** top-up hours (metadata) */
  hours: number | null;
  subscription: SubscriptionState | null;
  /** setup mode: the saved card */
  paymentMethodId: string | null;
}

export interface CheckoutRequest {
  mode: "subscription" | "setup" | "payment";
  customerId: string;
  projectId: string;
  purpose: string;
  successUrl: string;
  cancelUrl: string;
  /** subscription and payment modes: what is bought */
  item?: {
    lookupKey: string;
    name: string;
    unitAmountCents: number;
    interval: "month" | "year" | null;
    quantity: number;
  };
  hours?: number;
}

export interface CustomerDetails {
  projectId: string;
  email: string;
  name: string;
  address: { line1: string; city: string; postalCode: string; country: string };
}

/** A verified webhook event, reduced to what billing acts on. */
export interface WebhookEvent {
  id: string;
  type: string;
  /** epoch seconds */
  created: number;
  subscription: SubscriptionState | null;
  /** id of the Checkout session the event is about; its full state is read from Stripe */
  checkoutSessionId: string | null;
}

export interface CardGateway {
  readonly kind: "stripe";
  readonly acceptsCards: true;
  saveCustomer(customerId: string | null, details: CustomerDetails): Promise<string>;
  createClientToken(customerId: string): Promise<string>;
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  readCheckout(sessionId: string): Promise<CheckoutState>;
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  cancelSubscription(subscriptionId: string): Promise<SubscriptionState>;
  /**
   * Deletes the customer at Stripe (its saved cards go, its subscriptions end): a removed person's
   * e-mail and name leave Stripe too. A customer Stripe no longer has counts as deleted.
   */
  deleteCustomer(customerId: string): Promise<void>;
  /** Throws `InvalidSignatureError` when the signature does not match the exact bytes. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): WebhookEvent;
}

export class InvalidSignatureError extends Error {}
