import type { Config } from "../config.ts";

/**
 * Where card payments go. Manual mode (the embedded default, DESIGN §2) takes no cards: bank
 * transfer and BTC orders are confirmed by an admin. The billing feature adds a Stripe gateway
 * behind this same interface when STRIPE_SECRET_KEY is set.
 */
export interface PaymentGateway {
  readonly kind: "manual";
  /** Whether a card payment can be offered at all. */
  readonly acceptsCards: boolean;
}

export function createPaymentGateway(_config: Config): PaymentGateway {
  return { kind: "manual", acceptsCards: false };
}
