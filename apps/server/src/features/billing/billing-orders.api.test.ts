import {
  BILLING_MESSAGES,
  type BillingSummary,
  type CreateOrderInput,
  contract,
  type PaymentOrder,
} from "@atelier/shared";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BillingScene,
  billingOf,
  deliverWebhook,
  PAYMENT_ENV,
  startBillingScene,
} from "../../../test/billing-scene.ts";
import { buildBilledProject, buildRates } from "../../../test/builders.ts";

// Manual mode (no Stripe settings): bank transfer and BTC orders confirmed by an admin, plans set
// by hand, and card payment reported as unavailable.

let scene: BillingScene;

beforeAll(async () => {
  scene = await startBillingScene({ stripe: false });
  await buildRates(scene.t, scene.cast.admin, { BTC: "95000", EUR: "1.08" });
});
afterAll(async () => {
  await scene.close();
});

/** Reads the QR code in a PNG data URL back to its text, as a phone would. */
function decodeQr(dataUrl: string): string {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ""), "base64"));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!code) throw new Error("no QR code found");
  return code.data;
}

function order(projectId: string, body: CreateOrderInput, token = scene.cast.owner.token) {
  return scene.t.api(contract.billing.createOrder, { params: { id: projectId }, body, token });
}

function confirm(orderId: string, token = scene.cast.admin.token) {
  return scene.t.api(contract.billing.confirmOrder, { params: { orderId }, token });
}

function billedProject(name: string) {
  return buildBilledProject(scene.t, scene.cast, name);
}

describe("without Stripe settings", () => {
  it("shows card payment as unavailable and refuses card calls with 412", async () => {
    const project = await billedProject("Manual project");
    const summary = await billingOf(scene, scene.cast.owner, project.id);
    expect(summary.paymentMethods).toEqual({ CARD: false, BANK_TRANSFER: true, BTC: true });
    const res = await scene.t.api(contract.billing.createSubscription, {
      query: { id: project.id, paymentPlan: "PRO_YEARLY" },
      token: scene.cast.owner.token,
    });
    expect(res.status).toBe(412);
    expect(res.error.message).toBe(BILLING_MESSAGES.cardsUnavailable);
  });

  it("answers 404 at the webhook, signed or not", async () => {
    expect((await deliverWebhook(scene, "{}", "t=1,v1=abc")).status).toBe(404);
    expect((await deliverWebhook(scene, "{}")).status).toBe(404);
  });
});

describe("a bank transfer order", () => {
  it("carries a reference, the amount and an EPC QR code that decodes to a valid SEPA payload", async () => {
    const project = await billedProject("Bank project");
    const created: PaymentOrder = (
      await order(project.id, { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_YEARLY" })
    ).body;
    // Pro yearly: 12 × 33.50 = 402.00 USD, at 1.08 USD per euro = 372.2222 EUR, rounded up to 372.23.
    expect(created).toMatchObject({ amountCents: 40200, payAmount: "372.23", payCurrency: "EUR", status: "OPEN" });
    expect(created.reference).toMatch(/^AT-[0-9A-Z]{8}$/);
    const lines = decodeQr(created.qrImage).split("\n");
    expect(lines).toEqual([
      "BCD",
      "002",
      "1",
      "SCT",
      "COBADEFFXXX",
      PAYMENT_ENV.PAYMENT_BANK_BENEFICIARY,
      "DE89370400440532013000",
      "EUR372.23",
      "",
      "",
      created.reference,
    ]);
    expect(decodeQr(created.qrImage)).toBe(created.qrPayload);
  });

  it("is confirmed by the admin once: the plan and its period end are set; twice is 409 and changes nothing", async () => {
    const project = await billedProject("Confirm project");
    const created: PaymentOrder = (
      await order(project.id, { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" })
    ).body;
    const open = (
      await scene.t.api(contract.billing.listOrders, { query: { status: "OPEN" }, token: scene.cast.admin.token })
    ).body;
    expect(open.items.map((item) => item.id)).toContain(created.id);
    expect((await billingOf(scene, scene.cast.owner, project.id)).openOrders.map((o) => o.id)).toEqual([created.id]);

    const confirmed = (await confirm(created.id)).body;
    expect(confirmed.status).toBe("CONFIRMED");
    const summary: BillingSummary = await billingOf(scene, scene.cast.owner, project.id);
    expect(summary.paymentPlan).toBe("PRO_MONTHLY");
    const inAMonth = Date.now() / 1000 + 28 * 86400;
    expect(summary.periodEnd).toBeGreaterThanOrEqual(Math.floor(inAMonth));
    expect(summary.openOrders).toEqual([]);

    const twice = await confirm(created.id);
    expect(twice.status).toBe(409);
    expect(twice.error.message).toBe(BILLING_MESSAGES.orderNotOpen);
    expect((await billingOf(scene, scene.cast.owner, project.id)).periodEnd).toBe(summary.periodEnd);

    // Renewing the same plan before the period ends adds a month to it.
    const renewal: PaymentOrder = (
      await order(project.id, { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" })
    ).body;
    (await confirm(renewal.id)).body;
    const renewed = await billingOf(scene, scene.cast.owner, project.id);
    expect(renewed.periodEnd).toBeGreaterThan((summary.periodEnd as number) + 27 * 86400);
  });

  it("can be withdrawn by the owner; a withdrawn order cannot be confirmed", async () => {
    const project = await billedProject("Withdraw project");
    const created: PaymentOrder = (
      await order(project.id, { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "DIAMOND_MONTHLY" })
    ).body;
    const canceled = (
      await scene.t.api(contract.billing.cancelOrder, {
        params: { orderId: created.id },
        token: scene.cast.owner.token,
      })
    ).body;
    expect(canceled.status).toBe("CANCELED");
    expect((await confirm(created.id)).status).toBe(409);
    expect((await billingOf(scene, scene.cast.owner, project.id)).paymentPlan).toBe("none");
  });
});

describe("the admins hear of an order", () => {
  it("in their messages, unread, linking to Payments; the team hears nothing of it", async () => {
    const project = await billedProject("Order message project");
    const unreadBefore = (await scene.t.api(contract.messages.unreadCount, { token: scene.cast.admin.token })).body;
    const created = (await order(project.id, { method: "BTC", kind: "PLAN", paymentPlan: "PRO_MONTHLY" })).body;
    const feed = (await scene.t.api(contract.messages.feed, { query: {}, token: scene.cast.admin.token })).body;
    expect(feed.items[0]).toMatchObject({
      projectId: project.id,
      text: `ordered a plan by crypto (BTC) (${created.reference}): confirm it when the money arrives`,
      link: "/payments",
      type: "paymentOrder",
      taskId: null,
      seen: false,
    });
    const unreadAfter = (await scene.t.api(contract.messages.unreadCount, { token: scene.cast.admin.token })).body;
    expect(unreadAfter.count).toBe(unreadBefore.count + 1);
    const teamFeed = (await scene.t.api(contract.messages.feed, { query: {}, token: scene.cast.designerOnTeam.token }))
      .body;
    expect(teamFeed.items.filter((item) => item.projectId === project.id)).toEqual([]);
  });
});

describe("a BTC order", () => {
  it("carries a BIP21 URI in its QR code with the amount at the admin's rate", async () => {
    const project = await billedProject("BTC project");
    const created: PaymentOrder = (
      await order(project.id, { method: "BTC", kind: "PLAN", paymentPlan: "PREMIUM_MONTHLY" })
    ).body;
    // 79.95 USD at 95,000 USD per bitcoin = 0.00084158 BTC (rounded up to the satoshi).
    expect(created).toMatchObject({ amountCents: 7995, payAmount: "0.00084158", payCurrency: "BTC" });
    expect(created.rate).toMatchObject({ currency: "BTC", usdPerUnit: "95000" });
    expect(created.rate.setAt).toBeGreaterThan(Date.now() - 60_000);
    const uri = new URL(decodeQr(created.qrImage));
    expect(uri.protocol).toBe("bitcoin:");
    expect(uri.pathname).toBe(PAYMENT_ENV.PAYMENT_BTC_ADDRESS);
    expect(uri.searchParams.get("amount")).toBe("0.00084158");
    expect(uri.searchParams.get("message")).toBe(created.reference);
    expect(uri.searchParams.get("label")).toBe("Atelier");
  });

  it("keeps the rate it was priced with when the admin sets a new one", async () => {
    const project = await billedProject("Rate project");
    const before: PaymentOrder = (await order(project.id, { method: "BTC", kind: "PLAN", paymentPlan: "PRO_MONTHLY" }))
      .body;
    await buildRates(scene.t, scene.cast.admin, { BTC: "100000", EUR: "1.08" });
    const rates = (await scene.t.api(contract.billing.rates, { token: scene.cast.owner.token })).body;
    expect(rates.BTC?.usdPerUnit).toBe("100000");
    const list = (
      await scene.t.api(contract.billing.listOrders, {
        query: { status: "OPEN", limit: 100 },
        token: scene.cast.admin.token,
      })
    ).body;
    const same = list.items.find((item) => item.id === before.id);
    expect(same?.payAmount).toBe(before.payAmount);
    await buildRates(scene.t, scene.cast.admin, { BTC: "95000", EUR: "1.08" });
  });
});

describe("top-up orders", () => {
  it("add extra hours to the current period once confirmed", async () => {
    const project = await billedProject("Hours project");
    const refused = await order(project.id, { method: "BANK_TRANSFER", kind: "TOP_UP", hours: 10 });
    expect(refused.status).toBe(412);
    expect(refused.error.message).toBe(BILLING_MESSAGES.topUpNeedsPlan);

    const plan = await scene.t.api(contract.billing.manualSetup, {
      params: { id: project.id },
      body: { paymentPlan: "PREMIUM_MONTHLY", paymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) + 20 * 86400 },
      token: scene.cast.admin.token,
    });
    expect(plan.status).toBe(200);
    const created: PaymentOrder = (await order(project.id, { method: "BANK_TRANSFER", kind: "TOP_UP", hours: 10 }))
      .body;
    // 10 hours of Premium at 79.95 / 120 an hour.
    expect(created.amountCents).toBe(667);
    (await confirm(created.id)).body;
    const summary = await billingOf(scene, scene.cast.editor, project.id);
    expect(summary.costs).toMatchObject({
      hoursPerMonth: 120,
      topUpHours: 10,
      balanceHours: 130,
      pricePerMonthCents: 7995,
    });
  });
});

describe("bad input", () => {
  it("refuses unknown plan codes, past period ends and wrong types, changing nothing", async () => {
    const project = await billedProject("Bad input project");
    // Sent raw: half of these are what the contract's types refuse.
    const manual = (body: unknown) =>
      scene.t.raw(contract.billing.manualSetup, { params: { id: project.id }, body, token: scene.cast.admin.token });
    const future = Math.floor(Date.now() / 1000) + 86400;
    const cases: Array<[unknown, string]> = [
      [{ paymentPlan: "GOLD", paymentPlanCurrentPeriodEnd: future }, "paymentPlan"],
      [{ paymentPlan: "PAY_AS_YOU_GO", paymentPlanCurrentPeriodEnd: future }, "paymentPlan"],
      [
        { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) - 60 },
        "paymentPlanCurrentPeriodEnd",
      ],
      [{ paymentPlan: "PRO_MONTHLY" }, "paymentPlanCurrentPeriodEnd"],
      [{ paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: "soon" }, "paymentPlanCurrentPeriodEnd"],
      [{ paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: future + 0.5 }, "paymentPlanCurrentPeriodEnd"],
    ];
    for (const [payload, field] of cases) {
      const res = await manual(payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.error.fields).toHaveProperty(field);
    }
    expect((await billingOf(scene, scene.cast.owner, project.id)).paymentPlan).toBe("none");
    // A valid setting right after: accepted.
    expect((await manual({ paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: future })).status).toBe(200);
    const orderCases: Array<[Record<string, unknown>, string]> = [
      [{ method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_PLUS" }, "paymentPlan"],
      [{ method: "BANK_TRANSFER", kind: "PLAN" }, "paymentPlan"],
      [{ method: "CARD", kind: "PLAN", paymentPlan: "PRO_MONTHLY" }, "method"],
      [{ method: "BTC", kind: "TOP_UP", hours: 0 }, "hours"],
      [{ method: "BTC", kind: "TOP_UP", hours: 2.5 }, "hours"],
    ];
    for (const [payload, field] of orderCases) {
      const res = await scene.t.raw(contract.billing.createOrder, {
        params: { id: project.id },
        body: payload,
        token: scene.cast.owner.token,
      });
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.error.fields).toHaveProperty(field);
    }
    const rate = await scene.t.api(contract.billing.setRate, {
      body: { currency: "BTC", usdPerUnit: "-5" },
      token: scene.cast.admin.token,
    });
    expect(rate.status).toBe(400);
    expect((await billingOf(scene, scene.cast.owner, project.id)).openOrders).toEqual([]);
  });

  it("refuses billing details failing SPEC §5 and leaves the saved ones", async () => {
    const project = await billedProject("Details project");
    const res = await scene.t.api(contract.projects.updateData, {
      body: {
        id: project.id,
        customerType: "COMPANY",
        customerFirstName: "O",
        customerLastName: "",
        customerAddress: "",
        customerPost: "",
        customerPostCode: "",
        country: "",
      },
      token: scene.cast.owner.token,
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.fields ?? {}).sort()).toEqual(
      [
        "country",
        "customerAddress",
        "customerCompanyName",
        "customerFirstName",
        "customerLastName",
        "customerPost",
        "customerPostCode",
      ].sort(),
    );
    const saved = (
      await scene.t.api(contract.projects.get, { params: { id: project.id }, token: scene.cast.owner.token })
    ).body;
    expect(saved).toMatchObject({
      customerFirstName: "Olivia",
      customerCompanyName: "Owner & Co",
      customerCountry: "DE",
    });
  });
});
