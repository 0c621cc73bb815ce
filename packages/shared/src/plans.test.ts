import { describe, expect, it } from "vitest";
import { ADMIN_PLAN_CODES, describePlan, PAYMENT_PLANS, PUBLIC_PLANS, planHoursAllowance } from "./plans.ts";

describe("plans (SPEC §9)", () => {
  it("prices the public plans in cents per month", () => {
    expect(PUBLIC_PLANS.map((plan) => [plan.name, plan.pricePerMonth, plan.pricePerYear, plan.hoursPerMonth])).toEqual([
      ["Pro", 3995, 3350, 60],
      ["Premium", 7995, 6650, 120],
      ["Diamond", 15995, 13250, 240],
    ]);
  });

  it("lists the admin codes in SPEC order, and every code describes itself", () => {
    expect(ADMIN_PLAN_CODES[0]).toBe("none");
    expect(ADMIN_PLAN_CODES).toHaveLength(9);
    for (const code of PAYMENT_PLANS) expect(describePlan(code).code).toBe(code);
  });

  it("gives the hour allowance of a plan", () => {
    expect(planHoursAllowance("DIAMOND_YEARLY")).toBe(240);
    expect(describePlan("PRO_MONTHLY")).toMatchObject({ name: "Pro", period: "MONTHLY", isLegacy: false });
    expect(describePlan("PRO_PLUS")).toMatchObject({ name: "Pro", isLegacy: true, hoursPerMonth: 60 });
    expect(planHoursAllowance("PAY_AS_YOU_GO")).toBe(0);
    expect(planHoursAllowance("none")).toBe(0);
  });
});
