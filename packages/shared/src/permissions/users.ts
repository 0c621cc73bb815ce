import { isStaff, type Role } from "../roles.ts";

interface Actor {
  id: string;
  role: Role;
}
interface TargetUser {
  id: string;
  role: Role;
}

/** Who may open the user screens (/users, /designers) and list users. */
export function canManageUsers(actor: Actor): boolean {
  return isStaff(actor.role);
}

/** Creating a user with `role`: staff create designers, only admin creates projectManagers. */
export function canCreateUserWithRole(actor: Actor, role: Role): boolean {
  if (role === "designer") return isStaff(actor.role);
  if (role === "projectManager") return actor.role === "admin";
  return false;
}

/**
 * `POST /user` on an existing account (SPEC §6: user management creates and updates designers
 * and project managers). Staff edit designers, only admin edits project managers, and staff edit
 * their own details. Nobody edits a customer's or another admin's account here: user management
 * never reaches their sign-in. Never a password (that is the user's own).
 */
export function canUpdateUser(actor: Actor, target: TargetUser): boolean {
  if (!isStaff(actor.role)) return false;
  if (actor.id === target.id) return true;
  if (target.role === "designer") return true;
  if (target.role === "projectManager") return actor.role === "admin";
  return false;
}

/**
 * Asking to change another user's sign-in e-mail (confirmed from the new address, the old one
 * told): whoever may update them, never for oneself here (one's own e-mail changes in settings,
 * with the current password).
 */
export function canChangeUserEmail(actor: Actor, target: TargetUser): boolean {
  return actor.id !== target.id && canUpdateUser(actor, target);
}

/** Changing a role: admin only, and only between designer and projectManager (SPEC §6). */
export function canChangeUserRole(actor: Actor, target: TargetUser): boolean {
  return actor.role === "admin" && (target.role === "designer" || target.role === "projectManager");
}

/**
 * Removing a user: never oneself; admins are not removed here; only admin removes a
 * projectManager or a customer (a project manager does not change a customer's account at all).
 */
export function canRemoveUser(actor: Actor, target: TargetUser): boolean {
  if (actor.id === target.id) return false;
  if (!isStaff(actor.role)) return false;
  if (target.role === "admin") return false;
  if (target.role === "designer") return true;
  return actor.role === "admin";
}

export function canListCustomers(actor: Actor): boolean {
  return isStaff(actor.role);
}
