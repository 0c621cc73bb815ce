import { createServer } from "node:net";
import { contract, MESSAGES, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import { type BillingScene, PAYMENT_ENV, startBillingScene } from "../../../test/billing-scene.ts";
import { buildBilledProject, buildCast, type Cast } from "../../../test/builders.ts";
import type { StripeStandIn } from "../../../test/stripe-stand-in.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

const b = contract.billing;

// Stripe down is not our fault: every card call answers 503 (Retry-After) with SPEC §8's text of
// the operation, whether Stripe cannot be reached at all or answers with its own failure.

function expectUnavailable(res: ApiResponse<unknown>, message: string): void {
  expect(res.status).toBe(503);
  expect(res.error).toMatchObject({ code: "UNAVAILABLE", message });
  expect(res.headers["retry-after"]).toBe("30");
}

/** A loopback port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("Stripe unreachable", () => {
  let t: TestApp;
  let cast: Cast;
  let project: Project;

  beforeAll(async () => {
    t = await createTestApp({
      ...PAYMENT_ENV,
      STRIPE_SECRET_KEY: "sk_test_unreachable",
      STRIPE_WEBHOOK_SECRET: "whsec_unreachable",
      STRIPE_API_BASE: `http://127.0.0.1:${await closedPort()}`,
      // What is tested is the answer once Stripe gave up, not the SDK's back-off before it.
      STRIPE_NETWORK_RETRIES: "0",
    });
    cast = await buildCast(t);
    project = await buildBilledProject(t, cast, "Offline project");
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 503 with the operation's SPEC §8 message on every card call", async () => {
    const token = cast.owner.token;
    const id = project.id;
    expectUnavailable(
      await t.api(b.createOrUpdateCustomer, { query: { id }, token }),
      MESSAGES.unableToCreateStripeCustomer,
    );
    expectUnavailable(await t.api(b.clientToken, { query: { id }, token }), MESSAGES.unableToCreateStripeCustomer);
    expectUnavailable(
      await t.api(b.createSubscription, { query: { id, paymentPlan: "PRO_MONTHLY" }, token }),
      MESSAGES.unableToCreateStripeCustomer,
    );
    expectUnavailable(
      await t.api(b.confirmSubscription, { query: { id, sessionId: "cs_test_x" }, token }),
      MESSAGES.failedToCompletePayment,
    );
  });
});

describe("Stripe failing or throttling", () => {
  let scene: BillingScene;
  let stripe: StripeStandIn;

  beforeAll(async () => {
    scene = await startBillingScene({ stripe: true, env: { STRIPE_NETWORK_RETRIES: "0" } });
    if (!scene.stripe) throw new Error("no stand-in");
    stripe = scene.stripe;
  });
  afterAll(async () => {
    stripe.setOutage(null);
    await scene.close();
  });

  it("answers 503 for each card call while Stripe answers 5xx or 429, and works again after", async () => {
    const project = await buildBilledProject(scene.t, scene.cast, "Flaky project");
    const token = scene.cast.owner.token;
    const id = project.id;
    // A subscription is set up while Stripe is well, so the calls that need one can be tried.
    const checkout = (await scene.t.api(b.createSubscription, { query: { id, paymentPlan: "PRO_MONTHLY" }, token }))
      .body;
    stripe.completeCheckout(checkout.sessionId);
    expect(
      (await scene.t.api(b.confirmSubscription, { query: { id, sessionId: checkout.sessionId }, token })).status,
    ).toBe(200);

    for (const outage of [500, 503, 429] as const) {
      stripe.setOutage(outage);
      expectUnavailable(
        await scene.t.api(b.createOrUpdateCustomer, { query: { id }, token }),
        MESSAGES.unableToCreateStripeCustomer,
      );
      expectUnavailable(
        await scene.t.api(b.confirmSubscription, { query: { id, sessionId: checkout.sessionId }, token }),
        MESSAGES.failedToCompletePayment,
      );
      expectUnavailable(await scene.t.api(b.portalSession, { query: { id }, token }), MESSAGES.failedToCompletePayment);
      expectUnavailable(
        await scene.t.api(b.cancelSubscription, { query: { id }, token }),
        MESSAGES.failedToCancelSubscription,
      );
    }

    stripe.setOutage(null);
    expect((await scene.t.api(b.cancelSubscription, { query: { id }, token })).body).toMatchObject({
      paymentPlan: "none",
    });
  }, 60_000);
});
