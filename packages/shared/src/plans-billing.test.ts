import { describe, expect, it } from "vitest";
import {
  canCancelOrder,
  canManageOrders,
  canPayForProject,
  canSeePlanCosts,
  canSetPlanByHand,
  canTopUp,
} from "./permissions/billing.ts";
import {
  CARD_PLAN_CODES,
  formatUsd,
  ORDER_PLAN_CODES,
  planChargeCents,
  planMonthlyPriceCents,
  planPeriodMonths,
  publicPlanOf,
  topUpPriceCents,
} from "./plans.ts";
import type { Role } from "./roles.ts";
import { createOrderSchema, manualSetupPlanSchema } from "./schemas/billing.ts";

describe("plan prices (SPEC §9)", () => {
  it("charges a month, or twelve discounted months for yearly billing", () => {
    expect(planChargeCents("PRO_MONTHLY")).toBe(3995);
    expect(planChargeCents("PRO_YEARLY")).toBe(12 * 3350);
    expect(planChargeCents("DIAMOND_YEARLY")).toBe(12 * 13250);
    expect(planPeriodMonths("PREMIUM_YEARLY")).toBe(12);
    expect(planPeriodMonths("PREMIUM_MONTHLY")).toBe(1);
  });

  it("shows prices per month, legacy ones included, and none for Flexible or no plan", () => {
    expect(planMonthlyPriceCents("PREMIUM_YEARLY")).toBe(6650);
    expect(planMonthlyPriceCents("PREMIUM")).toBe(6000);
    expect(planMonthlyPriceCents("PAY_AS_YOU_GO")).toBeNull();
    expect(planMonthlyPriceCents("none")).toBeNull();
    expect(formatUsd(6650)).toBe("$66.50");
  });

  it("sells the public plans by order and adds Flexible by card only", () => {
    expect(ORDER_PLAN_CODES).not.toContain("PAY_AS_YOU_GO");
    expect(CARD_PLAN_CODES).toEqual([...ORDER_PLAN_CODES, "PAY_AS_YOU_GO"]);
    for (const code of ORDER_PLAN_CODES) expect(publicPlanOf(code)?.plan.codes).toBeDefined();
    expect(publicPlanOf("PRO_PLUS")).toBeNull();
  });

  it("prices top-up hours at the plan's monthly hourly rate, rounded up; none for Flexible or no plan", () => {
    expect(topUpPriceCents("PRO_YEARLY", 60)).toBe(3995);
    expect(topUpPriceCents("PREMIUM_MONTHLY", 10)).toBe(667);
    expect(topUpPriceCents("PAY_AS_YOU_GO", 10)).toBeNull();
    expect(topUpPriceCents("none", 10)).toBeNull();
  });
});

describe("billing rules (DESIGN §5)", () => {
  const actor = (role: Role) => ({ id: "a", role });
  const as = (projectRole: "owner" | "editor" | "viewer" | "designer") => ({ projectRole, active: true });

  it("lets the owner and staff pay and top up; editors, viewers and designers not", () => {
    expect(canPayForProject(actor("customer"), as("owner"))).toBe(true);
    expect(canPayForProject(actor("projectManager"), null)).toBe(true);
    expect(canTopUp(actor("customer"), as("editor"))).toBe(false);
    expect(canPayForProject(actor("customer"), as("viewer"))).toBe(false);
    expect(canPayForProject(actor("designer"), as("designer"))).toBe(false);
    expect(canPayForProject(actor("customer"), { projectRole: "owner", active: false })).toBe(false);
    expect(canCancelOrder(actor("customer"), as("editor"))).toBe(false);
  });

  it("shows costs to owner, editor and staff, never to viewers", () => {
    expect(canSeePlanCosts(actor("customer"), as("editor"))).toBe(true);
    expect(canSeePlanCosts(actor("customer"), as("viewer"))).toBe(false);
    expect(canSeePlanCosts(actor("designer"), as("designer"))).toBe(false);
  });

  it("keeps plans by hand and orders to admins", () => {
    expect(canSetPlanByHand(actor("admin"))).toBe(true);
    expect(canSetPlanByHand(actor("projectManager"))).toBe(false);
    expect(canManageOrders(actor("projectManager"))).toBe(false);
  });
});

describe("billing input", () => {
  it("needs a future period end for any plan but none", () => {
    const ahead = Math.floor(Date.now() / 1000) + 3600;
    expect(
      manualSetupPlanSchema.safeParse({ paymentPlan: "PRO_PLUS", paymentPlanCurrentPeriodEnd: ahead }).success,
    ).toBe(true);
    expect(manualSetupPlanSchema.safeParse({ paymentPlan: "PRO_PLUS", paymentPlanCurrentPeriodEnd: 10 }).success).toBe(
      false,
    );
    expect(manualSetupPlanSchema.safeParse({ paymentPlan: "none" }).success).toBe(true);
    expect(
      manualSetupPlanSchema.safeParse({ paymentPlan: "ESSENTIAL_PLUS", paymentPlanCurrentPeriodEnd: ahead }).success,
    ).toBe(false);
  });

  it("asks for a plan or hours by the kind of order", () => {
    expect(createOrderSchema.safeParse({ method: "BTC", kind: "PLAN" }).success).toBe(false);
    expect(createOrderSchema.safeParse({ method: "BTC", kind: "TOP_UP", hours: 5 }).success).toBe(true);
    expect(createOrderSchema.safeParse({ method: "BTC", paymentPlan: "PRO_YEARLY" }).data?.kind).toBe("PLAN");
  });
});
