import { BILLING_MESSAGES, type BillingSummary, contract, type Project } from "@atelier/shared";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BillingScene, billingOf, deliverWebhook, startBillingScene } from "../../../test/billing-scene.ts";
import { buildBilledProject } from "../../../test/builders.ts";
import type { StripeStandIn } from "../../../test/stripe-stand-in.ts";
import { events } from "../../db/schema/index.ts";

type CardPlan = "PRO_MONTHLY" | "PREMIUM_MONTHLY" | "PREMIUM_YEARLY" | "DIAMOND_MONTHLY" | "PAY_AS_YOU_GO";
const b = contract.billing;

// Card payments through the official Stripe SDK, pointed at a local stand-in for Stripe's API;
// webhooks signed with the SDK's own test-header helper and the app's secret.

let scene: BillingScene;
let stripe: StripeStandIn;

beforeAll(async () => {
  scene = await startBillingScene({ stripe: true });
  if (!scene.stripe) throw new Error("no stand-in");
  stripe = scene.stripe;
});
afterAll(async () => {
  await scene.close();
});

function billedProject(name: string): Promise<Project> {
  return buildBilledProject(scene.t, scene.cast, name);
}

async function startCheckout(project: Project, paymentPlan: CardPlan) {
  return (
    await scene.t.api(b.createSubscription, { query: { id: project.id, paymentPlan }, token: scene.cast.owner.token })
  ).body;
}

/** A card call on `project` as its owner. */
function ownerCalls(project: Project) {
  const token = scene.cast.owner.token;
  const id = project.id;
  return {
    confirmSubscription: (sessionId: string) => scene.t.api(b.confirmSubscription, { query: { id, sessionId }, token }),
    confirmPayAsYouGo: (sessionId: string) => scene.t.api(b.confirmPayAsYouGo, { query: { id, sessionId }, token }),
    cancel: () => scene.t.api(b.cancelSubscription, { query: { id }, token }),
  };
}

async function deliverAll(events: ReturnType<StripeStandIn["completeCheckout"]>) {
  for (const event of events) {
    const { body, signature } = stripe.sign(event);
    const res = await deliverWebhook(scene, body, signature);
    expect(res.status).toBe(200);
  }
}

describe("a card subscription", () => {
  it("goes through Checkout and the webhooks set the plan, period end and activeStripeSubscription", async () => {
    const project = await billedProject("Card project");
    const checkout = await startCheckout(project, "PREMIUM_YEARLY");
    expect(checkout.success).toBe(true);
    expect(checkout.redirectToStripe).toBe(`${stripe.apiBase}/checkout/${checkout.sessionId}`);
    // The price is found or created by its lookup key (the plan code) at 12 × 66.50.
    expect(stripe.calls).toEqual(expect.arrayContaining(["POST /v1/customers", "GET /v1/prices", "POST /v1/prices"]));
    const session = stripe.lastSession();
    expect(session?.success_url).toBe(
      `http://localhost:3000/app/project/${project.id}/subscription-completed?session_id={CHECKOUT_SESSION_ID}`,
    );

    // Nothing changes before Stripe says so.
    expect((await billingOf(scene, scene.cast.owner, project.id)).paymentPlan).toBe("none");
    await deliverAll(stripe.completeCheckout(checkout.sessionId));

    const summary: BillingSummary = await billingOf(scene, scene.cast.owner, project.id);
    expect(summary).toMatchObject({
      paymentPlan: "PREMIUM_YEARLY",
      activeStripeSubscription: true,
      planName: "Premium",
    });
    const inAYear = Date.now() / 1000 + 365 * 24 * 3600;
    expect(summary.periodEnd).toBeGreaterThan(inAYear - 3 * 24 * 3600);
    expect(summary.costs?.pricePerMonthCents).toBe(6650);

    // The return route confirms with the session: the same state, answered at once.
    const confirmed = (await ownerCalls(project).confirmSubscription(checkout.sessionId)).body;
    expect(confirmed).toMatchObject({ paymentPlan: "PREMIUM_YEARLY", activeStripeSubscription: true });

    // While Stripe owns the plan, staff cannot set it by hand and no second subscription starts.
    const byHand = await scene.t.api(b.manualSetup, {
      params: { id: project.id },
      body: { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) + 86400 },
      token: scene.cast.admin.token,
    });
    expect(byHand.status).toBe(412);
    const again = await scene.t.api(b.createSubscription, {
      query: { id: project.id, paymentPlan: "PRO_MONTHLY" },
      token: scene.cast.owner.token,
    });
    expect(again.status).toBe(412);
    expect(again.error.message).toBe(BILLING_MESSAGES.subscriptionActive);

    // The portal is Stripe's; the URL comes back for the browser.
    const portal = (await scene.t.api(b.portalSession, { query: { id: project.id }, token: scene.cast.owner.token }))
      .body;
    expect(portal.url).toContain(`${stripe.apiBase}/portal/`);

    // Cancelling ends it at Stripe and the project has no plan.
    const canceled = (await ownerCalls(project).cancel()).body;
    expect(canceled).toMatchObject({ paymentPlan: "none", activeStripeSubscription: false, periodEnd: null });
    expect(stripe.calls.some((call) => call.startsWith("DELETE /v1/subscriptions/"))).toBe(true);
  });

  it("refuses to confirm another project's session or an unpaid one", async () => {
    const project = await billedProject("Confirm project");
    const other = await billedProject("Other project");
    const checkout = await startCheckout(project, "PRO_MONTHLY");
    const unpaid = await ownerCalls(project).confirmSubscription(checkout.sessionId);
    expect(unpaid.status).toBe(412);
    expect(unpaid.error.message).toBe(BILLING_MESSAGES.sessionNotComplete);
    stripe.completeCheckout(checkout.sessionId);
    const foreign = await ownerCalls(other).confirmSubscription(checkout.sessionId);
    expect(foreign.status).toBe(412);
    expect((await billingOf(scene, scene.cast.owner, other.id)).paymentPlan).toBe("none");
  });
});

describe("webhooks", () => {
  it("apply an event delivered three times once", async () => {
    const project = await billedProject("Thrice project");
    const checkout = await startCheckout(project, "PRO_MONTHLY");
    const [created] = stripe.completeCheckout(checkout.sessionId);
    if (!created) throw new Error("no event");
    const subscriptionId = String(created.data.object.id);
    await deliverAll([created]);
    // Each applied change records one domain event; a redelivery records none.
    const countPlanEvents = async () => {
      const [row] = await scene.t.ctx.db
        .select({ n: count() })
        .from(events)
        .where(and(eq(events.type, "billing.planChanged"), eq(events.projectId, project.id)));
      return row?.n;
    };
    const before = await countPlanEvents();

    // A renewal moves the period end on; the same event three times moves it once.
    const end = (await billingOf(scene, scene.cast.owner, project.id)).periodEnd as number;
    const renewal = stripe.updateSubscription(subscriptionId, { periodEnd: end + 30 * 86400 });
    await deliverAll([renewal]);
    const afterOne = await countPlanEvents();
    await deliverAll([renewal, renewal]);
    expect(await countPlanEvents()).toBe(afterOne);
    expect(afterOne).toBe((before ?? 0) + 1);
    expect((await billingOf(scene, scene.cast.owner, project.id)).periodEnd).toBe(end + 30 * 86400);
  });

  it("answer 400 to a bad signature and change nothing", async () => {
    const project = await billedProject("Signature project");
    const checkout = await startCheckout(project, "DIAMOND_MONTHLY");
    const [created] = stripe.completeCheckout(checkout.sessionId);
    if (!created) throw new Error("no event");
    const forged = stripe.sign(created, { secret: "whsec_not_the_apps_secret" });
    const res = await deliverWebhook(scene, forged.body, forged.signature);
    expect(res.status).toBe(400);
    expect(res.error.message).toBe(BILLING_MESSAGES.badSignature);
    // Right signature over other bytes: also refused.
    const signed = stripe.sign(created);
    const tampered = await deliverWebhook(
      scene,
      signed.body.replace("DIAMOND_MONTHLY", "DIAMOND_YEARLY"),
      signed.signature,
    );
    expect(tampered.status).toBe(400);
    const missing = await deliverWebhook(scene, signed.body);
    expect(missing.status).toBe(400);
    expect(await billingOf(scene, scene.cast.owner, project.id)).toMatchObject({
      paymentPlan: "none",
      activeStripeSubscription: false,
    });
    // The genuine delivery still applies afterwards: the refused ones were not recorded.
    expect((await deliverWebhook(scene, signed.body, signed.signature)).status).toBe(200);
    expect((await billingOf(scene, scene.cast.owner, project.id)).paymentPlan).toBe("DIAMOND_MONTHLY");
  });

  it("end in the right state when events arrive out of order", async () => {
    const project = await billedProject("Order project");
    const checkout = await startCheckout(project, "PRO_MONTHLY");
    const [created] = stripe.completeCheckout(checkout.sessionId);
    if (!created) throw new Error("no event");
    const subscriptionId = String(created.data.object.id);
    const upgraded = stripe.updateSubscription(subscriptionId, { planCode: "PRO_MONTHLY" });
    // The portal switches to Premium (a price created for it earlier by another Checkout).
    await startCheckout(await billedProject("Price maker"), "PREMIUM_MONTHLY");
    const premium = stripe.updateSubscription(subscriptionId, { planCode: "PREMIUM_MONTHLY" });
    const deleted = stripe.updateSubscription(subscriptionId, { status: "canceled" });

    // Newest first: the upgrade, then the older creation and update arrive late.
    await deliverAll([premium, created, upgraded]);
    expect(await billingOf(scene, scene.cast.owner, project.id)).toMatchObject({
      paymentPlan: "PREMIUM_MONTHLY",
      activeStripeSubscription: true,
    });
    // The cancellation, then a stale update: still cancelled.
    await deliverAll([deleted, premium]);
    expect(await billingOf(scene, scene.cast.owner, project.id)).toMatchObject({
      paymentPlan: "none",
      activeStripeSubscription: false,
    });
  });
});

describe("an ended subscription", () => {
  it("leaves a plan set by hand alone when its late events arrive", async () => {
    const project = await billedProject("Late events project");
    const checkout = await startCheckout(project, "PRO_MONTHLY");
    const [created] = stripe.completeCheckout(checkout.sessionId);
    if (!created) throw new Error("no event");
    const subscriptionId = String(created.data.object.id);
    // Cancelled through the app before any webhook arrived.
    await deliverAll([created]);
    expect((await ownerCalls(project).cancel()).status).toBe(200);
    const byHand = await scene.t.api(b.manualSetup, {
      params: { id: project.id },
      body: { paymentPlan: "PREMIUM_MONTHLY", paymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) + 86400 },
      token: scene.cast.admin.token,
    });
    expect(byHand.status).toBe(200);
    const deleted = stripe.updateSubscription(subscriptionId, { status: "canceled" });
    await deliverAll([deleted, created]);
    expect(await billingOf(scene, scene.cast.owner, project.id)).toMatchObject({
      paymentPlan: "PREMIUM_MONTHLY",
      activeStripeSubscription: false,
    });
  });
});

describe("Flexible and top-ups by card", () => {
  it("saves the card in setup mode, puts the project on Flexible, and cancels it", async () => {
    const project = await billedProject("Flexible project");
    const checkout = await startCheckout(project, "PAY_AS_YOU_GO");
    expect(stripe.lastSession()).toMatchObject({ mode: "setup" });
    expect(stripe.lastSession()?.success_url).toContain("/collect-payment-details?session_id=");
    const events = stripe.completeCheckout(checkout.sessionId);
    const summary = (await ownerCalls(project).confirmPayAsYouGo(checkout.sessionId)).body;
    expect(summary).toMatchObject({
      paymentPlan: "PAY_AS_YOU_GO",
      planName: "Flexible",
      activeStripeSubscription: false,
    });
    expect(summary.costs?.hourlyRateCents).toBe(8000);
    // The webhook of the same Checkout arrives afterwards: same state.
    await deliverAll(events);
    expect((await billingOf(scene, scene.cast.owner, project.id)).paymentPlan).toBe("PAY_AS_YOU_GO");

    const canceled = (await ownerCalls(project).cancel()).body;
    expect(canceled.paymentPlan).toBe("none");
    const nothing = await ownerCalls(project).cancel();
    expect(nothing.status).toBe(412);
  });

  it("adds the paid hours once, from the webhook", async () => {
    const project = await billedProject("Top-up project");
    const sub = await startCheckout(project, "PRO_MONTHLY");
    await deliverAll(stripe.completeCheckout(sub.sessionId));
    const topUp = (await scene.t.api(b.topUp, { query: { id: project.id, hours: 10 }, token: scene.cast.owner.token }))
      .body;
    // 10 of Pro's hours at 39.95 / 60 an hour.
    expect(stripe.lastSession()?.line_items[0]?.price_data?.unit_amount).toBe("666");
    const [completed] = stripe.completeCheckout(topUp.sessionId);
    if (!completed) throw new Error("no event");
    await deliverAll([completed, completed, completed]);
    const summary = await billingOf(scene, scene.cast.owner, project.id);
    expect(summary.costs).toMatchObject({ topUpHours: 10, balanceHours: 70 });
  });

  it("refuses card calls when billing details are missing", async () => {
    const project = (
      await scene.t.api(contract.projects.create, {
        body: { name: "No details", isExistingCustomer: true, customerEmail: scene.cast.owner.user.email },
        token: scene.cast.owner.token,
      })
    ).body;
    const res = await scene.t.api(b.createOrUpdateCustomer, {
      query: { id: project.id },
      token: scene.cast.owner.token,
    });
    expect(res.status).toBe(412);
    expect(res.error.message).toBe(BILLING_MESSAGES.billingDetailsMissing);
  });
});

describe("orders before an admin set the rates", () => {
  it("offer neither order method and refuse an order with 412", async () => {
    const project = await billedProject("No rates project");
    const summary = await billingOf(scene, scene.cast.owner, project.id);
    // Accounts are set and cards work, but with no rate yet neither order method is offered.
    expect(summary.paymentMethods).toEqual({ CARD: true, BANK_TRANSFER: false, BTC: false });
    const res = await scene.t.api(b.createOrder, {
      params: { id: project.id },
      body: { method: "BTC", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
      token: scene.cast.owner.token,
    });
    expect(res.status).toBe(412);
    expect(res.error.message).toBe(BILLING_MESSAGES.rateMissing);
  });
});
