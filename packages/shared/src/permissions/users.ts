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

/** Editing another user's details (never their password; that is the user's own). */
export function canUpdateUser(actor: Actor, target: TargetUser): boolean {
  if (!isStaff(actor.role)) return false;
  if (target.role === "admin") return actor.role === "admin";
  if (target.role === "projectManager") return actor.role === "admin" || actor.id === target.id;
  return true;
}

/** Changing a role: admin only, and only between designer and projectManager (SPEC §6). */
export function canChangeUserRole(actor: Actor, target: TargetUser): boolean {
  return actor.role === "admin" && (target.role === "designer" || target.role === "projectManager");
}

/** Removing a user: never oneself; only admin removes a projectManager; admins are not removed here. */
export function canRemoveUser(actor: Actor, target: TargetUser): boolean {
  if (actor.id === target.id) return false;
  if (!isStaff(actor.role)) return false;
  if (target.role === "admin") return false;
  if (target.role === "projectManager") return actor.role === "admin";
  return true;
}

export function canListCustomers(actor: Actor): boolean {
  return isStaff(actor.role);
}
