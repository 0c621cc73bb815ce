import type { PaymentOrder, Project } from "@atelier/shared";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BILLING_ACTORS,
  type BillingActor,
  type BillingScene,
  billingOf,
  buildBilledProject,
  expectOk,
  setRates,
  startBillingScene,
} from "./test-support.ts";

/**
 * DESIGN §5's billing rules as a table over the real API (with Stripe's stand-in, so card calls
 * reach their rules): every billing call × every kind of actor → the status it must answer.
 * Billing, plan changes and top-up: owner and staff; by hand, orders and rates: admin; a project
 * the actor cannot see: 404. Calls that change something get a fresh project per actor.
 */

let scene: BillingScene;
let shared: Project;

beforeAll(async () => {
  scene = await startBillingScene({ stripe: true });
  await setRates(scene);
  shared = await buildBilledProject(scene, "Shared project");
  await expectOk(
    scene.t.call({
      method: "POST",
      url: `/v3/project/stripe-payment/create-or-update-customer?id=${shared.id}`,
      token: scene.cast.owner.token,
    }),
    "customer",
  );
});
afterAll(async () => {
  await scene.close();
});

// Columns in BILLING_ACTORS order: admin, projectManager, designerOnTeam, owner, editor, viewer, otherCustomer.
const statuses = (...codes: number[]): Record<BillingActor, number> =>
  Object.fromEntries(BILLING_ACTORS.map((actor, index) => [actor, codes[index]])) as Record<BillingActor, number>;

const PAYERS = statuses(200, 200, 403, 200, 403, 403, 404);
const ADMIN_ONLY = statuses(200, 403, 403, 403, 403, 403, 403);
const ADMIN_ON_PROJECT = statuses(200, 403, 403, 403, 403, 403, 404);
const EVERYONE_ON_PROJECT = statuses(200, 200, 200, 200, 200, 200, 404);
const EVERYONE = statuses(200, 200, 200, 200, 200, 200, 200);

const future = () => Math.floor(Date.now() / 1000) + 20 * 86400;

async function projectWithPlan(): Promise<Project> {
  const project = await buildBilledProject(scene, "Planned project");
  await expectOk(
    scene.t.call({
      method: "POST",
      url: `/v3/project/${project.id}/manual-setup-payment-plan`,
      token: scene.cast.admin.token,
      payload: { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: future() },
    }),
    "plan",
  );
  return project;
}

async function openOrder(project: Project): Promise<PaymentOrder> {
  return expectOk(
    scene.t.call({
      method: "POST",
      url: `/v3/project/${project.id}/payment-order`,
      token: scene.cast.owner.token,
      payload: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
    }),
    "order",
  );
}

async function completedSession(project: Project, paymentPlan: string): Promise<string> {
  const checkout = await expectOk(
    scene.t.call({
      method: "POST",
      url: `/v3/project/stripe-payment/create-subscription?id=${project.id}&paymentPlan=${paymentPlan}`,
      token: scene.cast.owner.token,
    }),
    "checkout",
  );
  scene.stripe?.completeCheckout(checkout.sessionId);
  return checkout.sessionId;
}

type Row = {
  call: string;
  /** builds what one actor's request needs; rows without it share one project */
  request: () => Promise<InjectOptions>;
  expected: Record<BillingActor, number>;
};

const stripe = "/v3/project/stripe-payment";
const ROWS: Row[] = [
  {
    call: "GET /v3/project/{id}/billing",
    request: async () => ({ method: "GET", url: `/v3/project/${shared.id}/billing` }),
    expected: EVERYONE_ON_PROJECT,
  },
  {
    call: "POST /v3/project/{id}/manual-setup-payment-plan",
    request: async () => ({
      method: "POST",
      url: `/v3/project/${(await buildBilledProject(scene)).id}/manual-setup-payment-plan`,
      payload: { paymentPlan: "PREMIUM_YEARLY", paymentPlanCurrentPeriodEnd: future() },
    }),
    expected: ADMIN_ON_PROJECT,
  },
  {
    call: "POST /v3/project/{id}/payment-order (plan)",
    request: async () => ({
      method: "POST",
      url: `/v3/project/${(await buildBilledProject(scene)).id}/payment-order`,
      payload: { method: "BTC", kind: "PLAN", paymentPlan: "DIAMOND_YEARLY" },
    }),
    expected: PAYERS,
  },
  {
    call: "POST /v3/project/{id}/payment-order (top-up)",
    request: async () => ({
      method: "POST",
      url: `/v3/project/${(await projectWithPlan()).id}/payment-order`,
      payload: { method: "BANK_TRANSFER", kind: "TOP_UP", hours: 5 },
    }),
    expected: PAYERS,
  },
  {
    call: "POST /v3/billing/orders/{orderId}/cancel",
    request: async () => ({
      method: "POST",
      url: `/v3/billing/orders/${(await openOrder(await buildBilledProject(scene))).id}/cancel`,
    }),
    expected: PAYERS,
  },
  {
    call: "GET /v3/billing/orders",
    request: async () => ({ method: "GET", url: "/v3/billing/orders?status=OPEN" }),
    expected: ADMIN_ONLY,
  },
  {
    call: "POST /v3/billing/orders/{orderId}/confirm",
    request: async () => ({
      method: "POST",
      url: `/v3/billing/orders/${(await openOrder(await buildBilledProject(scene))).id}/confirm`,
    }),
    expected: ADMIN_ONLY,
  },
  {
    call: "GET /v3/billing/rates",
    request: async () => ({ method: "GET", url: "/v3/billing/rates" }),
    expected: EVERYONE,
  },
  {
    call: "POST /v3/billing/rates",
    request: async () => ({
      method: "POST",
      url: "/v3/billing/rates",
      payload: { currency: "EUR", usdPerUnit: "1.08" },
    }),
    expected: ADMIN_ONLY,
  },
  {
    call: "POST create-or-update-customer",
    request: async () => ({ method: "POST", url: `${stripe}/create-or-update-customer?id=${shared.id}` }),
    expected: PAYERS,
  },
  {
    call: "POST clientToken",
    request: async () => ({ method: "POST", url: `${stripe}/clientToken?id=${shared.id}` }),
    expected: PAYERS,
  },
  {
    call: "POST create-subscription",
    request: async () => ({
      method: "POST",
      url: `${stripe}/create-subscription?id=${shared.id}&paymentPlan=PRO_YEARLY`,
    }),
    expected: PAYERS,
  },
  {
    call: "POST confirm-subscription",
    request: async () => {
      const project = await buildBilledProject(scene);
      const sessionId = await completedSession(project, "PRO_MONTHLY");
      return { method: "POST", url: `${stripe}/confirm-subscription?id=${project.id}&sessionId=${sessionId}` };
    },
    expected: PAYERS,
  },
  {
    call: "POST confirm-pay-as-you-go-plan",
    request: async () => {
      const project = await buildBilledProject(scene);
      const sessionId = await completedSession(project, "PAY_AS_YOU_GO");
      return { method: "POST", url: `${stripe}/confirm-pay-as-you-go-plan?id=${project.id}&sessionId=${sessionId}` };
    },
    expected: PAYERS,
  },
  {
    call: "GET portal-session",
    request: async () => ({ method: "GET", url: `${stripe}/portal-session?id=${shared.id}` }),
    expected: PAYERS,
  },
  {
    call: "POST cancel-subscription",
    request: async () => {
      const project = await buildBilledProject(scene);
      const sessionId = await completedSession(project, "PAY_AS_YOU_GO");
      await expectOk(
        scene.t.call({
          method: "POST",
          url: `${stripe}/confirm-pay-as-you-go-plan?id=${project.id}&sessionId=${sessionId}`,
          token: scene.cast.owner.token,
        }),
        "flexible",
      );
      return { method: "POST", url: `${stripe}/cancel-subscription?id=${project.id}` };
    },
    expected: PAYERS,
  },
  {
    call: "POST top-up",
    request: async () => ({ method: "POST", url: `${stripe}/top-up?id=${(await projectWithPlan()).id}&hours=10` }),
    expected: PAYERS,
  },
];

describe("billing permission table", () => {
  for (const row of ROWS) {
    it(`${row.call}: 401 without a token, then by actor`, async () => {
      const unauthenticated = await scene.t.call(await row.request());
      expect(unauthenticated.status).toBe(401);
      const got: Record<string, number> = {};
      for (const actor of BILLING_ACTORS) {
        const res = await scene.t.call({ ...(await row.request()), token: scene.cast[actor].token });
        got[actor] = res.status;
      }
      expect(got).toEqual(row.expected);
      // Seven actors, each with a fresh project for the rows that change something.
    }, 120_000);
  }
});

describe("what each actor sees", () => {
  it("viewers and designers get no plan price, balance, rates or orders; editors see costs but cannot pay", async () => {
    const project = await projectWithPlan();
    await openOrder(project);
    for (const who of ["viewer", "designerOnTeam"] as const) {
      const summary = await billingOf(scene, scene.cast[who], project.id);
      expect(summary).toMatchObject({ paymentPlan: "PRO_MONTHLY", costs: null, rates: null, openOrders: [] });
      expect(JSON.stringify(summary)).not.toMatch(/3995|pricePerMonth|balance/);
      expect(summary.abilities).toEqual({
        canPay: false,
        canTopUp: false,
        canSeeCosts: false,
        canSetPlanByHand: false,
      });
    }
    const editor = await billingOf(scene, scene.cast.editor, project.id);
    expect(editor.costs).toMatchObject({ pricePerMonthCents: 3995, hoursPerMonth: 60, balanceHours: 60 });
    expect(editor.openOrders).toEqual([]);
    expect(editor.abilities).toMatchObject({ canPay: false, canTopUp: false, canSeeCosts: true });
    const owner = await billingOf(scene, scene.cast.owner, project.id);
    expect(owner.openOrders).toHaveLength(1);
    expect(owner.abilities).toMatchObject({ canPay: true, canTopUp: true, canSetPlanByHand: false });
  });

  it("an editor's top-up is 403 and adds nothing", async () => {
    const project = await projectWithPlan();
    const res = await scene.t.call({
      method: "POST",
      url: `/v3/project/${project.id}/payment-order`,
      token: scene.cast.editor.token,
      payload: { method: "BTC", kind: "TOP_UP", hours: 10 },
    });
    expect(res.status).toBe(403);
    const card = await scene.t.call({
      method: "POST",
      url: `${stripe}/top-up?id=${project.id}&hours=10`,
      token: scene.cast.editor.token,
    });
    expect(card.status).toBe(403);
    expect((await billingOf(scene, scene.cast.owner, project.id)).openOrders).toEqual([]);
  });
});
