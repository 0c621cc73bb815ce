import { canCreateProject, canManageUsers, type ProjectActor, type Role } from "@atelier/shared";
import { STAFF_ROLES, TEAM_ROLES } from "../../lib/routing.ts";

export interface NavItem {
  label: string;
  to: string;
  roles: readonly Role[] | "everyone";
}

/** Header menu of SPEC §2, in order; Users and Designers sit in the Users dropdown. */
export const MAIN_NAV: NavItem[] = [
  { label: "Schedule", to: "/schedule", roles: TEAM_ROLES },
  { label: "Tasks", to: "/tasks", roles: TEAM_ROLES },
  { label: "Projects", to: "/projects", roles: "everyone" },
  { label: "Messages", to: "/messages", roles: TEAM_ROLES },
];

export const USERS_NAV: NavItem[] = [
  { label: "Users", to: "/users", roles: STAFF_ROLES },
  { label: "Designers", to: "/designers", roles: STAFF_ROLES },
  // Bank transfer and BTC orders an admin confirms (issue 11).
  { label: "Payments", to: "/payments", roles: ["admin"] },
];

export const SETTINGS_NAV: NavItem = { label: "Settings", to: "/user/settings", roles: "everyone" };

export function isVisibleTo(item: NavItem, role: Role): boolean {
  return item.roles === "everyone" || item.roles.includes(role);
}

/** New Project: on the tasks or projects route, for admin, projectManager and customer. */
export function showsNewProject(pathname: string, user: ProjectActor): boolean {
  return (pathname === "/tasks" || pathname === "/projects") && canCreateProject(user);
}

/** Add User: on the users route (the screen only opens for staff). */
export function showsAddUser(pathname: string, user: ProjectActor): boolean {
  return pathname === "/users" && canManageUsers(user);
}
