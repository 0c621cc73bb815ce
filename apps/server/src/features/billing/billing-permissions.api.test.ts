import { contract, type PaymentOrder, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import {
  BILLING_ACTORS,
  type BillingActor,
  type BillingScene,
  billingOf,
  startBillingScene,
} from "../../../test/billing-scene.ts";
import { buildBilledProject, buildRates } from "../../../test/builders.ts";

/**
 * DESIGN §5's billing rules as a table over the real API (with Stripe's stand-in, so card calls
 * reach their rules): every billing call × every kind of actor → the status it must answer.
 * Billing, plan changes and top-up: owner and staff; by hand, orders and rates: admin; a project
 * the actor cannot see: 404. Calls that change something get a fresh project per allowed actor;
 * the refused ones share one per row, checked unchanged at the end.
 */

let scene: BillingScene;
let shared: Project;

beforeAll(async () => {
  scene = await startBillingScene({ stripe: true });
  await buildRates(scene.t, scene.cast.admin);
  shared = await billedProject("Shared project");
  const customer = await scene.t.api(contract.billing.createOrUpdateCustomer, {
    query: { id: shared.id },
    token: scene.cast.owner.token,
  });
  expect(customer.status).toBe(200);
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

function billedProject(name = "Billing project"): Promise<Project> {
  return buildBilledProject(scene.t, scene.cast, name);
}

async function projectWithPlan(): Promise<Project> {
  const project = await billedProject("Planned project");
  const plan = await scene.t.api(contract.billing.manualSetup, {
    params: { id: project.id },
    body: { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: future() },
    token: scene.cast.admin.token,
  });
  expect(plan.status).toBe(200);
  return project;
}

async function openOrder(project: Project): Promise<PaymentOrder> {
  const created = await scene.t.api(contract.billing.createOrder, {
    params: { id: project.id },
    body: { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
    token: scene.cast.owner.token,
  });
  return created.body;
}

async function completedSession(project: Project, paymentPlan: "PRO_MONTHLY" | "PAY_AS_YOU_GO"): Promise<string> {
  const checkout = (
    await scene.t.api(contract.billing.createSubscription, {
      query: { id: project.id, paymentPlan },
      token: scene.cast.owner.token,
    })
  ).body;
  scene.stripe?.completeCheckout(checkout.sessionId);
  return checkout.sessionId;
}

/** What a row's call acts on, when it needs more than the shared project. */
type Target = { project: Project; orderId?: string; sessionId?: string };

type Row = {
  call: string;
  /**
   * Builds what the call acts on. An allowed call may change it, so each allowed actor gets a fresh
   * one; refused and signed-out calls must change nothing, so they share one, built at first use.
   * Rows without it act on the shared project or on nothing.
   */
  build?: () => Promise<Target>;
  /** makes one actor's call (no token: signed out) */
  send: (token: string | undefined, target: Target) => Promise<ApiResponse<unknown>>;
  expected: Record<BillingActor, number>;
};

const b = contract.billing;
const ROWS: Row[] = [
  {
    call: "GET /v3/project/{id}/billing",
    send: (token) => scene.t.api(b.summary, { params: { id: shared.id }, token }),
    expected: EVERYONE_ON_PROJECT,
  },
  {
    call: "POST /v3/project/{id}/manual-setup-payment-plan",
    build: async () => ({ project: await billedProject() }),
    send: (token, { project }) =>
      scene.t.api(b.manualSetup, {
        params: { id: project.id },
        body: { paymentPlan: "PREMIUM_YEARLY", paymentPlanCurrentPeriodEnd: future() },
        token,
      }),
    expected: ADMIN_ON_PROJECT,
  },
  {
    call: "POST /v3/project/{id}/payment-order (plan)",
    build: async () => ({ project: await billedProject() }),
    send: (token, { project }) =>
      scene.t.api(b.createOrder, {
        params: { id: project.id },
        body: { method: "BTC", kind: "PLAN", paymentPlan: "DIAMOND_YEARLY" },
        token,
      }),
    expected: PAYERS,
  },
  {
    call: "POST /v3/project/{id}/payment-order (top-up)",
    build: async () => ({ project: await projectWithPlan() }),
    send: (token, { project }) =>
      scene.t.api(b.createOrder, {
        params: { id: project.id },
        body: { method: "BANK_TRANSFER", kind: "TOP_UP", hours: 5 },
        token,
      }),
    expected: PAYERS,
  },
  {
    call: "POST /v3/billing/orders/{orderId}/cancel",
    build: withOpenOrder,
    send: (token, { orderId }) => scene.t.api(b.cancelOrder, { params: { orderId: orderId ?? "" }, token }),
    expected: PAYERS,
  },
  {
    call: "GET /v3/billing/orders",
    send: (token) => scene.t.api(b.listOrders, { query: { status: "OPEN" }, token }),
    expected: ADMIN_ONLY,
  },
  {
    call: "POST /v3/billing/orders/{orderId}/confirm",
    build: withOpenOrder,
    send: (token, { orderId }) => scene.t.api(b.confirmOrder, { params: { orderId: orderId ?? "" }, token }),
    expected: ADMIN_ONLY,
  },
  {
    call: "POST /v3/billing/orders/{orderId}/reject",
    build: withOpenOrder,
    send: (token, { orderId }) =>
      scene.t.api(b.rejectOrder, { params: { orderId: orderId ?? "" }, body: { reason: "Not received" }, token }),
    expected: ADMIN_ONLY,
  },
  {
    call: "GET /v3/billing/rates",
    send: (token) => scene.t.api(b.rates, { token }),
    expected: EVERYONE,
  },
  {
    call: "POST /v3/billing/rates",
    send: (token) => scene.t.api(b.setRate, { body: { currency: "EUR", usdPerUnit: "1.08" }, token }),
    expected: ADMIN_ONLY,
  },
  {
    call: "POST create-or-update-customer",
    send: (token) => scene.t.api(b.createOrUpdateCustomer, { query: { id: shared.id }, token }),
    expected: PAYERS,
  },
  {
    call: "POST clientToken",
    send: (token) => scene.t.api(b.clientToken, { query: { id: shared.id }, token }),
    expected: PAYERS,
  },
  {
    call: "POST create-subscription",
    send: (token) => scene.t.api(b.createSubscription, { query: { id: shared.id, paymentPlan: "PRO_YEARLY" }, token }),
    expected: PAYERS,
  },
  {
    call: "POST confirm-subscription",
    build: () => withCompletedSession("PRO_MONTHLY"),
    send: (token, { project, sessionId }) =>
      scene.t.api(b.confirmSubscription, { query: { id: project.id, sessionId: sessionId ?? "" }, token }),
    expected: PAYERS,
  },
  {
    call: "POST confirm-pay-as-you-go-plan",
    build: () => withCompletedSession("PAY_AS_YOU_GO"),
    send: (token, { project, sessionId }) =>
      scene.t.api(b.confirmPayAsYouGo, { query: { id: project.id, sessionId: sessionId ?? "" }, token }),
    expected: PAYERS,
  },
  {
    call: "GET portal-session",
    send: (token) => scene.t.api(b.portalSession, { query: { id: shared.id }, token }),
    expected: PAYERS,
  },
  {
    call: "POST cancel-subscription",
    build: async () => {
      const target = await withCompletedSession("PAY_AS_YOU_GO");
      const flexible = await scene.t.api(b.confirmPayAsYouGo, {
        query: { id: target.project.id, sessionId: target.sessionId ?? "" },
        token: scene.cast.owner.token,
      });
      expect(flexible.status).toBe(200);
      return target;
    },
    send: (token, { project }) => scene.t.api(b.cancelSubscription, { query: { id: project.id }, token }),
    expected: PAYERS,
  },
  {
    call: "POST top-up",
    build: async () => ({ project: await projectWithPlan() }),
    send: (token, { project }) => scene.t.api(b.topUp, { query: { id: project.id, hours: 10 }, token }),
    expected: PAYERS,
  },
];

async function withOpenOrder(): Promise<Target> {
  const project = await billedProject();
  return { project, orderId: (await openOrder(project)).id };
}

async function withCompletedSession(paymentPlan: "PRO_MONTHLY" | "PAY_AS_YOU_GO"): Promise<Target> {
  const project = await billedProject();
  return { project, sessionId: await completedSession(project, paymentPlan) };
}

/** The target a row's refused and signed-out calls share, and how the owner saw it when it was built. */
const sharedTargets = new Map<Row, { target: Target; asBuilt: unknown }>();

async function sharedTarget(row: Row): Promise<Target> {
  let built = sharedTargets.get(row);
  if (!built) {
    const target = row.build ? await row.build() : { project: shared };
    built = { target, asBuilt: await billingNow(target.project) };
    sharedTargets.set(row, built);
  }
  return built.target;
}

/** A project's billing, orders included, as its owner sees it (without the rates, which the rates row sets). */
async function billingNow(project: Project) {
  const { rates: _rates, ...billing } = await billingOf(scene, scene.cast.owner, project.id);
  return billing;
}

describe("billing permission table", () => {
  for (const row of ROWS) {
    it(`${row.call}: 401 without a token, then by actor`, async () => {
      const unauthenticated = await row.send(undefined, await sharedTarget(row));
      expect(unauthenticated.status).toBe(401);
      const got: Record<string, number> = {};
      for (const actor of BILLING_ACTORS) {
        const allowed = row.expected[actor] < 300;
        const target = allowed && row.build ? await row.build() : await sharedTarget(row);
        const res = await row.send(scene.cast[actor].token, target);
        got[actor] = res.status;
      }
      expect(got).toEqual(row.expected);
    }, 120_000);
  }

  it("the refused and signed-out calls left what they shared as it was", async () => {
    for (const row of ROWS.filter((candidate) => candidate.build)) {
      const built = sharedTargets.get(row);
      expect(built, row.call).toBeDefined();
      if (built) expect(await billingNow(built.target.project), row.call).toEqual(built.asBuilt);
    }
  });
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
        canSeeInvoices: false,
      });
    }
    const editor = await billingOf(scene, scene.cast.editor, project.id);
    expect(editor.costs).toMatchObject({ pricePerMonthCents: 3995, hoursPerMonth: 60, balanceHours: 60 });
    expect(editor.openOrders).toEqual([]);
    expect(editor.abilities).toMatchObject({ canPay: false, canTopUp: false, canSeeCosts: true, canSeeInvoices: true });
    const owner = await billingOf(scene, scene.cast.owner, project.id);
    expect(owner.openOrders).toHaveLength(1);
    expect(owner.abilities).toMatchObject({ canPay: true, canTopUp: true, canSetPlanByHand: false });
  });

  it("an editor's top-up is 403 and adds nothing", async () => {
    const project = await projectWithPlan();
    const res = await scene.t.api(b.createOrder, {
      params: { id: project.id },
      body: { method: "BTC", kind: "TOP_UP", hours: 10 },
      token: scene.cast.editor.token,
    });
    expect(res.status).toBe(403);
    const card = await scene.t.api(b.topUp, { query: { id: project.id, hours: 10 }, token: scene.cast.editor.token });
    expect(card.status).toBe(403);
    expect((await billingOf(scene, scene.cast.owner, project.id)).openOrders).toEqual([]);
  });
});
