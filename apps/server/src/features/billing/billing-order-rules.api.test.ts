import { BILLING_MESSAGES, type CreateOrderInput, contract, type PaymentOrder } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BillingScene, billingOf, startBillingScene } from "../../../test/billing-scene.ts";
import { buildBilledProject, buildRates, buildTeamProject } from "../../../test/builders.ts";

// Issue 29 point 11: one open order per project, the customer cancels theirs, the admin rejects
// one with a reason the customer sees.

let scene: BillingScene;

beforeAll(async () => {
  scene = await startBillingScene({ stripe: false });
  await buildRates(scene.t, scene.cast.admin, { BTC: "95000", EUR: "1.08" });
});
afterAll(async () => {
  await scene.close();
});

const PLAN: CreateOrderInput = { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" };

function order(projectId: string, body: CreateOrderInput = PLAN, token = scene.cast.owner.token) {
  return scene.t.api(contract.billing.createOrder, { params: { id: projectId }, body, token });
}

function reject(orderId: string, reason: unknown, token = scene.cast.admin.token) {
  return scene.t.raw(contract.billing.rejectOrder, { params: { orderId }, body: { reason }, token });
}

describe("one open order per project", () => {
  it("refuses a second order while one is open (409), and takes one again once it is closed", async () => {
    const project = await buildBilledProject(scene.t, scene.cast, "One open order");
    const first: PaymentOrder = (await order(project.id)).body;
    const second = await order(project.id, { method: "BTC", kind: "PLAN", paymentPlan: "PRO_YEARLY" });
    expect(second.status).toBe(409);
    expect(second.error.message).toBe(BILLING_MESSAGES.orderAlreadyOpen);
    // Staff ordering for the project meet the same rule.
    expect((await order(project.id, PLAN, scene.cast.projectManager.token)).status).toBe(409);
    expect((await billingOf(scene, scene.cast.owner, project.id)).openOrders.map((o) => o.id)).toEqual([first.id]);

    const canceled = await scene.t.api(contract.billing.cancelOrder, {
      params: { orderId: first.id },
      token: scene.cast.owner.token,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.status).toBe("CANCELED");
    expect((await order(project.id)).status).toBe(200);
  });

  it("lets only who may pay cancel: the editor and viewer cannot (403)", async () => {
    const project = await buildBilledProject(scene.t, scene.cast, "Cancel rights");
    const open: PaymentOrder = (await order(project.id)).body;
    for (const who of [scene.cast.editor, scene.cast.viewer]) {
      const res = await scene.t.api(contract.billing.cancelOrder, { params: { orderId: open.id }, token: who.token });
      expect(res.status).toBe(403);
    }
    const outsider = await scene.t.api(contract.billing.cancelOrder, {
      params: { orderId: open.id },
      token: scene.cast.otherCustomer.token,
    });
    expect(outsider.status).toBe(404);
  });
});

describe("billing details", () => {
  it("are asked where billing needs them: an order for a project without them is refused (412)", async () => {
    const project = await buildTeamProject(scene.t, scene.cast, { name: "Renamed, never billed" });
    const renamed = await scene.t.api(contract.projects.updateData, {
      token: scene.cast.owner.token,
      body: { id: project.id, name: "Renamed without an address" },
    });
    expect(renamed.status).toBe(200);
    const res = await order(project.id);
    expect(res.status).toBe(412);
    expect(res.error.message).toBe(BILLING_MESSAGES.billingDetailsMissing);
  });
});

describe("rejecting an order", () => {
  it("is the admin's, with a reason the owner then sees on the project's billing", async () => {
    const project = await buildBilledProject(scene.t, scene.cast, "Rejected order");
    const open: PaymentOrder = (await order(project.id)).body;

    expect((await reject(open.id, "  ")).status).toBe(400);
    expect((await reject(open.id, "No payment arrived", scene.cast.projectManager.token)).status).toBe(403);
    expect((await reject(open.id, "No payment arrived", scene.cast.owner.token)).status).toBe(403);

    const rejected = await reject(open.id, "  No transfer with this reference arrived within 14 days  ");
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: "REJECTED",
      rejectionReason: "No transfer with this reference arrived within 14 days",
    });
    expect((await reject(open.id, "Again")).status).toBe(409);

    const summary = await billingOf(scene, scene.cast.owner, project.id);
    expect(summary.openOrders).toEqual([]);
    expect(summary.rejectedOrder).toMatchObject({
      id: open.id,
      rejectionReason: "No transfer with this reference arrived within 14 days",
    });
    // Who may not pay is not told about orders.
    expect((await billingOf(scene, scene.cast.viewer, project.id)).rejectedOrder).toBeNull();
    // Confirming a rejected order is refused.
    const confirm = await scene.t.api(contract.billing.confirmOrder, {
      params: { orderId: open.id },
      token: scene.cast.admin.token,
    });
    expect(confirm.status).toBe(409);

    // A new order replaces the notice.
    await order(project.id);
    expect((await billingOf(scene, scene.cast.owner, project.id)).rejectedOrder).toBeNull();
  });

  it("lists rejected orders for the admin", async () => {
    const project = await buildBilledProject(scene.t, scene.cast, "Rejected list");
    const open: PaymentOrder = (await order(project.id)).body;
    await reject(open.id, "Wrong amount");
    const list = await scene.t.api(contract.billing.listOrders, {
      query: { status: "REJECTED" },
      token: scene.cast.admin.token,
    });
    expect(list.body.items.map((item) => item.id)).toContain(open.id);
  });
});
