import { type CustomerProjectRole, isStaff, type ProjectRole, type Role } from "../roles.ts";

/**
 * Project rules (SPEC §6, DESIGN §5), pure functions over (actor, the actor's membership of the
 * project, target). The server enforces them; the web shows or hides with the same functions
 * (or with the `abilities` the server computes from them).
 *
 * Platform staff (admin, projectManager) see and manage every project without being members;
 * a membership only matters when it is active.
 */
export interface ProjectActor {
  id: string;
  role: Role;
}

export interface ProjectMembership {
  projectRole: ProjectRole;
  active: boolean;
}

export type MembershipOrNone = ProjectMembership | null | undefined;

/** Roles someone can be invited with (the owner is made by creating or handing over a project). */
export const INVITE_ROLES = ["editor", "viewer", "designer", "projectManager"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

const STAFF_INVITE_ROLES: readonly InviteRole[] = ["designer", "projectManager", "editor", "viewer"];
const CUSTOMER_INVITE_ROLES: readonly InviteRole[] = ["editor", "viewer"];

export function isCustomerProjectRole(role: ProjectRole): role is CustomerProjectRole {
  return role === "owner" || role === "editor" || role === "viewer";
}

/** The actor's project role while the membership is active; null otherwise. */
export function activeProjectRole(membership: MembershipOrNone): ProjectRole | null {
  return membership?.active ? membership.projectRole : null;
}

function hasProjectRole(membership: MembershipOrNone, ...roles: ProjectRole[]): boolean {
  const role = activeProjectRole(membership);
  return role !== null && roles.includes(role);
}

/** Staff see every project without being members; lists for them are not scoped to memberships. */
export function canSeeAllProjects(actor: ProjectActor): boolean {
  return isStaff(actor.role);
}

/** Staff see every project; designers and customers only those they are active members of. */
export function canSeeProject(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canSeeAllProjects(actor) || activeProjectRole(membership) !== null;
}

/** `POST /v3/project/create`: staff and customers (a customer for their own account). */
export function canCreateProject(actor: ProjectActor): boolean {
  return isStaff(actor.role) || actor.role === "customer";
}

/** Staff create projects for a customer (an existing one or a new account); customers only for themselves. */
export function canCreateProjectForCustomer(actor: ProjectActor): boolean {
  return isStaff(actor.role);
}

/** `POST /v3/project/adminCreate` (SPEC §6: "Admin uses a different create call"). */
export function canAdminCreateProject(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

/** Decision: `adminUpdate` (name, Dropbox link, plan) is a staff call, as its name says. */
export function canEditProject(actor: ProjectActor, _membership: MembershipOrNone): boolean {
  return isStaff(actor.role);
}

/** Renaming: staff and the owner (issue 29: it is the owner's project; it needs no billing details). */
export function canRenameProject(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasProjectRole(membership, "owner");
}

/**
 * Decision: the plan section of project settings is shown to staff only (SPEC §6) and is locked
 * while a Stripe subscription is active, because Stripe then owns the plan. Setting the plan
 * fields by hand (manual plan call, adminUpdate) is `canSetPlanByHand`: admin only.
 */
export function canEditProjectPlan(
  actor: ProjectActor,
  membership: MembershipOrNone,
  project: { activeStripeSubscription: boolean },
): boolean {
  return canEditProject(actor, membership) && !project.activeStripeSubscription;
}

/** Decision: archiving and restoring is for staff and the owner; editors and viewers only work in it. */
export function canChangeProjectState(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasProjectRole(membership, "owner");
}

/** Decision: deleting follows archiving (staff and the owner); the web asks for confirmation. */
export function canDeleteProject(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasProjectRole(membership, "owner");
}

/** Billing details and plan changes: owner and staff (DESIGN §5). */
export function canEditBilling(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasProjectRole(membership, "owner");
}

/** Handing the project to another active customer on it: whoever may edit billing. */
export function canChangeOwner(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canEditBilling(actor, membership);
}

/** Costs and balance: owner, editor and staff (SPEC §6, DESIGN §3); never viewers or designers. */
export function canSeeCosts(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasProjectRole(membership, "owner", "editor");
}

/**
 * Decision: billing details (the invoice name and address) are shown only to those who edit them,
 * staff and the owner; editors see costs but not the owner's full name and address.
 */
export function canSeeBilling(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canEditBilling(actor, membership);
}

/** Decision: client character notes are internal: staff and designers on the team read them, customers never. */
export function canSeeClientNotes(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasProjectRole(membership, "designer", "projectManager", "admin");
}

/** Decision: only staff write client character notes. */
export function canEditClientNotes(actor: ProjectActor, _membership: MembershipOrNone): boolean {
  return isStaff(actor.role);
}

/**
 * Roles the actor may invite with (SPEC §6): designer and projectManager by staff only; editor
 * and viewer by staff, owner and editor. Viewers and designers invite nobody.
 */
export function invitableRoles(actor: ProjectActor, membership: MembershipOrNone): InviteRole[] {
  if (isStaff(actor.role)) return [...STAFF_INVITE_ROLES];
  if (hasProjectRole(membership, "owner", "editor")) return [...CUSTOMER_INVITE_ROLES];
  return [];
}

export function canInviteAs(actor: ProjectActor, membership: MembershipOrNone, role: InviteRole): boolean {
  return invitableRoles(actor, membership).includes(role);
}

/** The platform role an invited e-mail must already have for a staff project role; null when none is needed (a customer). */
export function requiredPlatformRoles(role: InviteRole): readonly Role[] | null {
  if (role === "designer") return ["designer"];
  // An admin joins a team as projectManager too; the team list then shows them as admin.
  if (role === "projectManager") return ["projectManager", "admin"];
  return null;
}

/**
 * Removing a member (SPEC §6): staff any member, an owner or editor only editor and viewer
 * members, nobody themselves. (Removing the current owner is refused later as a business rule.)
 */
export function canRemoveMember(
  actor: ProjectActor,
  membership: MembershipOrNone,
  target: { userId: string; projectRole: ProjectRole },
): boolean {
  if (actor.id === target.userId) return false;
  if (isStaff(actor.role)) return true;
  return (
    hasProjectRole(membership, "owner", "editor") &&
    (target.projectRole === "editor" || target.projectRole === "viewer")
  );
}

/** The current owner stays until ownership moves to another customer (a business rule, 412, not a 403). */
export function isRemovableMember(target: { projectRole: ProjectRole }): boolean {
  return target.projectRole !== "owner";
}

/** Full surnames only for admin (SPEC §6); everybody else sees an initial and a dot. */
export function canSeeFullSurname(actor: ProjectActor): boolean {
  return actor.role === "admin";
}

export function redactSurname(surname: string): string {
  const initial = surname.trim().charAt(0);
  return initial ? `${initial.toUpperCase()}.` : "";
}

/**
 * A member's e-mail (SPEC §6 team list and view-member dialog): staff see all; a customer on the
 * project (owner, editor, viewer) sees those of customers and staff; one's own e-mail is always shown.
 */
export function canSeeMemberEmail(
  actor: ProjectActor,
  membership: MembershipOrNone,
  target: { userId: string; projectRole: ProjectRole },
): boolean {
  if (actor.id === target.userId || isStaff(actor.role)) return true;
  return hasProjectRole(membership, "owner", "editor", "viewer") && target.projectRole !== "designer";
}
