import type { Config } from "../config.ts";
import { createStripeGateway } from "./stripe-gateway.ts";
import type { PaymentGateway } from "./types.ts";

export * from "./types.ts";

/** Manual mode (bank transfer and BTC orders only) unless STRIPE_SECRET_KEY is set. */
export function createPaymentGateway(config: Config): PaymentGateway {
  if (config.stripe) return createStripeGateway(config.stripe);
  return { kind: "manual", acceptsCards: false };
}
