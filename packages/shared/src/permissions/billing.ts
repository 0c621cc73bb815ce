import { isStaff } from "../roles.ts";
import { canEditBilling, canSeeCosts, type MembershipOrNone, type ProjectActor } from "./projects.ts";

/**
 * Billing rules (SPEC §6, DESIGN §5): paying for a plan, topping up and cancelling are for the
 * owner and staff; costs and the hour balance for owner, editor and staff; setting a plan by hand,
 * confirming bank transfer and BTC orders and setting exchange rates for admins only.
 */

/** Choosing a plan, paying (card, bank transfer, BTC), the Stripe portal and cancelling. */
export function canPayForProject(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canEditBilling(actor, membership);
}

/** Extra hours for the current period: like paying (an editor sees costs but cannot top up, SPEC §6). */
export function canTopUp(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canEditBilling(actor, membership);
}

/** Plan price, hours and balance (SPEC §6): never viewers or designers. */
export function canSeePlanCosts(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canSeeCosts(actor, membership);
}

/** `POST /v3/project/{id}/manual-setup-payment-plan` (DESIGN §5: admin only). */
export function canSetPlanByHand(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** The list of open orders and confirming one: admin only (DESIGN §8 "an admin confirms receipt"). */
export function canManageOrders(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** Rejecting an order, with a reason the customer reads: the admin, who confirms them. */
export function canRejectOrder(actor: ProjectActor): boolean {
  return canManageOrders(actor);
}

/** The BTC and EUR rates orders are priced with: admin only. */
export function canSetExchangeRates(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** Withdrawing an open order: whoever may pay for the project. */
export function canCancelOrder(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || canPayForProject(actor, membership);
}
