import { z } from "zod";
import { ADMIN_PLAN_CODES, type AdminPlanCode } from "../plans.ts";
import { timeSchema } from "./common.ts";

// The rule for a plan an admin sets by hand, in a module of its own: the staff project edit
// (schemas/project.ts) uses it too, and the project schemas load with every project screen, so
// importing it from billing.ts would bring all of billing's schemas into that screen's first load.

/** The rule's texts; BILLING_MESSAGES gives the same ones under the same names. */
export const PLAN_BY_HAND_MESSAGES = {
  unknownPlan: "Unknown plan",
  periodEndInPast: "The period end must be in the future",
} as const;

/** A plan an admin sets by hand: SPEC §9's admin codes. */
export const planByHandSchema = z.enum(ADMIN_PLAN_CODES, { message: PLAN_BY_HAND_MESSAGES.unknownPlan });

/** The period end of a plan set by hand, in epoch seconds. */
export const planByHandPeriodEndSchema = timeSchema({
  message: "Period end must be whole seconds",
  unit: "s",
}).nullable();

/**
 * The one rule for a plan set by hand, wherever it is set (the manual plan call and the staff
 * project edit): with a plan other than `none` the period end is required and lies ahead.
 * Answers the refused field (`periodEnd`) and its message, or null.
 */
export function planByHandIssue(input: {
  paymentPlan: AdminPlanCode;
  periodEnd: number | null | undefined;
}): string | null {
  if (input.paymentPlan === "none") return null;
  const end = input.periodEnd;
  if (end === null || end === undefined) return "Choose when the period ends";
  if (end * 1000 <= Date.now()) return PLAN_BY_HAND_MESSAGES.periodEndInPast;
  return null;
}
