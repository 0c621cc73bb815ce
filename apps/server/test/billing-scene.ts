import { type BillingSummary, contract } from "@atelier/shared";
import type { ApiResponse } from "./api-client.ts";
import { type BuiltUser, buildCast, type Cast, type CastMember } from "./builders.ts";
import { type StripeStandIn, startStripeStandIn } from "./stripe-stand-in.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** The billing API tests' scene: an app with payment accounts and, when asked, Stripe's stand-in. */

/** Where orders are paid to in the tests (a valid IBAN and bech32 address). */
export const PAYMENT_ENV = {
  PAYMENT_BANK_IBAN: "DE89 3704 0044 0532 0130 00",
  PAYMENT_BANK_BIC: "COBADEFFXXX",
  PAYMENT_BANK_BENEFICIARY: "Atelier Studio GmbH",
  PAYMENT_BTC_ADDRESS: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
};

/** The actors the billing rules tell apart (an off-team designer sees what any outsider sees). */
export type BillingActor = Exclude<CastMember, "designerOffTeam">;
export const BILLING_ACTORS: BillingActor[] = [
  "admin",
  "projectManager",
  "designerOnTeam",
  "owner",
  "editor",
  "viewer",
  "otherCustomer",
];

export interface BillingScene {
  t: TestApp;
  cast: Cast;
  /** set when the app runs with Stripe (the stand-in) */
  stripe: StripeStandIn | null;
  close(): Promise<void>;
}

/** A real app over a fresh database, with the payment accounts set and, when asked, Stripe's stand-in. */
export async function startBillingScene(options: {
  stripe: boolean;
  env?: Record<string, string>;
}): Promise<BillingScene> {
  const stripe = options.stripe ? await startStripeStandIn() : null;
  const t = await createTestApp({ ...PAYMENT_ENV, ...(stripe?.env ?? {}), ...options.env });
  const cast = await buildCast(t);
  return {
    t,
    cast,
    stripe,
    async close() {
      await t.close();
      await stripe?.close();
    },
  };
}

/** The billing summary as `who` sees it. */
export async function billingOf(scene: BillingScene, who: BuiltUser, projectId: string): Promise<BillingSummary> {
  return (await scene.t.api(contract.billing.summary, { params: { id: projectId }, token: who.token })).body;
}

/** Delivers one signed webhook through the app with Stripe's exact bytes, as Stripe would. */
export function deliverWebhook(scene: BillingScene, body: string, signature?: string): Promise<ApiResponse<unknown>> {
  return scene.t.raw(contract.billing.webhook, {
    body,
    headers: {
      "content-type": "application/json",
      ...(signature === undefined ? {} : { "stripe-signature": signature }),
    },
  });
}
