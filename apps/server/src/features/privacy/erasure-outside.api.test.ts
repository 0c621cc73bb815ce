import { contract } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BANK_ACCOUNT_ENV } from "../../../test/bank-account-env.ts";
import { buildBilledProject, buildCast, buildRates, type Cast } from "../../../test/builders.ts";
import { type StripeStandIn, startStripeStandIn } from "../../../test/stripe-stand-in.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { paymentOrders, projectBilling, projects } from "../../db/schema/index.ts";

// "Remove all my information" reaches the outside world: the person's Stripe customer (their
// e-mail and name at Stripe) is deleted by a job that outlasts a Stripe outage, and the orders
// they would pay are cancelled in the removal itself.

const b = contract.billing;
let stripe: StripeStandIn;
let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  // A failed Stripe call is retried after 1–2 s here (10–20 s by default).
  t = await createTestApp({ ...BANK_ACCOUNT_ENV, ...stripe.env, JOB_RETRY_SECONDS: "1" });
  cast = await buildCast(t);
  await buildRates(t, cast.admin);
});
afterAll(async () => {
  stripe.setOutage(null);
  await t.close();
  await stripe.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("removal and the payment side", () => {
  it("cancels open orders, deletes the Stripe customer through a job retried while Stripe is down", async () => {
    const owner = cast.owner;
    // A Flexible project: a Stripe customer with the owner's e-mail and name, and a saved card.
    const flexible = await buildBilledProject(t, cast, "Flexible project");
    const setup = (
      await t.api(b.createSubscription, {
        query: { id: flexible.id, paymentPlan: "PAY_AS_YOU_GO" },
        token: owner.token,
      })
    ).body;
    stripe.completeCheckout(setup.sessionId);
    expect(
      (await t.api(b.confirmPayAsYouGo, { query: { id: flexible.id, sessionId: setup.sessionId }, token: owner.token }))
        .body.paymentPlan,
    ).toBe("PAY_AS_YOU_GO");
    const [billing] = await t.ctx.db.select().from(projectBilling).where(eq(projectBilling.projectId, flexible.id));
    const customerId = billing?.stripeCustomerId ?? "";
    expect(stripe.customer(customerId)).toMatchObject({ email: owner.user.email });

    // An open bank transfer order on another project they own.
    const ordered = await buildBilledProject(t, cast, "Ordered project");
    const order = await t.api(b.createOrder, {
      params: { id: ordered.id },
      body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
      token: owner.token,
    });
    expect(order.status).toBe(200);

    stripe.setOutage(503);
    const removed = await t.api(contract.privacy.gdprRequest, { token: owner.token });
    expect(removed.body.status).toBe(true);

    // In the removal itself: the order is cancelled, the project forgets the customer and its card.
    const [orderRow] = await t.ctx.db.select().from(paymentOrders).where(eq(paymentOrders.id, order.body.id));
    expect(orderRow?.status).toBe("CANCELED");
    const [after] = await t.ctx.db.select().from(projectBilling).where(eq(projectBilling.projectId, flexible.id));
    expect(after).toMatchObject({ stripeCustomerId: null, stripePaymentMethodId: null });
    const [plan] = await t.ctx.db
      .select({ paymentPlan: projects.paymentPlan })
      .from(projects)
      .where(eq(projects.id, flexible.id));
    expect(plan?.paymentPlan).toBe("none");

    // Stripe is down: the deletion fails and waits for its retry; the customer is still there.
    await t.drainJobs();
    expect(stripe.deletedCustomers).toEqual([]);
    expect(stripe.calls).toContain(`DELETE /v1/customers/${customerId}`);

    // Stripe is back: the retry deletes it, once.
    stripe.setOutage(null);
    await sleep(2_100);
    await t.drainJobs();
    expect(stripe.deletedCustomers).toEqual([customerId]);
    expect(stripe.customer(customerId)).toBeUndefined();
    await sleep(2_100);
    await t.drainJobs();
    expect(stripe.deletedCustomers).toEqual([customerId]);
  }, 60_000);

  it("counts a customer Stripe no longer has as deleted", async () => {
    if (t.ctx.payments.kind !== "stripe") throw new Error("Stripe expected");
    await expect(t.ctx.payments.deleteCustomer("cus_test_never_there")).resolves.toBeUndefined();
  });
});
