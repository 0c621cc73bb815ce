import { isStaff, type Role } from "../roles.ts";
import { canSeeCosts, type MembershipOrNone, type ProjectActor } from "./projects.ts";

/**
 * Hours and money rules (SPEC §6, DESIGN §3 and §5). The server enforces them; the web shows or
 * hides with the same functions.
 */

export const HOURS_MESSAGES = {
  paymentOnlyToStaff: "Payments are recorded only for designers and project managers",
  workLogOfOthers: "Only staff read another designer's work log",
} as const;

/** A work log: a designer's own, and staff for anyone (SPEC §6 "Work log loaded for designers"). */
export function canReadWorkLog(actor: ProjectActor, designerId: string): boolean {
  return isStaff(actor.role) || (actor.role === "designer" && actor.id === designerId);
}

/** The designer overview on /designers: the screen's users, admin and projectManager (SPEC §2, DESIGN §5). */
export function canSeeDesignerOverview(actor: ProjectActor): boolean {
  return isStaff(actor.role);
}

/** `POST /user/payment`: admin only (SPEC §6 "Admin user management: … payments"). */
export function canRecordPayment(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** Decision: the payment history is read by staff (the /designers screen's users) and by the payee. */
export function canReadPayments(actor: ProjectActor, userId: string): boolean {
  return isStaff(actor.role) || actor.id === userId;
}

/** Who the platform pays: those who earn by the hour (never customers or admins; 400 otherwise). */
export function canBePaid(role: Role): boolean {
  return role === "designer" || role === "projectManager";
}

/** The schedule (SPEC §2 /schedule): designers see their own row, staff every designer's. */
export function canReadSchedule(actor: ProjectActor, designerId?: string): boolean {
  if (isStaff(actor.role)) return true;
  return actor.role === "designer" && (designerId === undefined || designerId === actor.id);
}

/** The allowance ledger and task costs: owner, editor and staff, never viewers or designers (SPEC §6). */
export function canSeeLedger(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canSeeCosts(actor, membership);
}
