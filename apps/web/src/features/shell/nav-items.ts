import type { Role } from "@atelier/shared";

export interface NavItem {
  label: string;
  to: string;
  roles: readonly Role[] | "everyone";
}

const TEAM: readonly Role[] = ["admin", "projectManager", "designer"];
const STAFF: readonly Role[] = ["admin", "projectManager"];

/** Header menu of SPEC §2, in order; Users and Designers sit in the Users dropdown. */
export const MAIN_NAV: NavItem[] = [
  { label: "Schedule", to: "/schedule", roles: TEAM },
  { label: "Tasks", to: "/tasks", roles: TEAM },
  { label: "Projects", to: "/projects", roles: "everyone" },
  { label: "Messages", to: "/messages", roles: TEAM },
];

export const USERS_NAV: NavItem[] = [
  { label: "Users", to: "/users", roles: STAFF },
  { label: "Designers", to: "/designers", roles: STAFF },
];

export const SETTINGS_NAV: NavItem = { label: "Settings", to: "/user/settings", roles: "everyone" };

export function isVisibleTo(item: NavItem, role: Role): boolean {
  return item.roles === "everyone" || item.roles.includes(role);
}

/** New Project: on the tasks or projects route, for admin, projectManager and customer. */
export function showsNewProject(pathname: string, role: Role): boolean {
  return (pathname === "/tasks" || pathname === "/projects") && role !== "designer";
}

/** Add User: on the users route (the screen only opens for staff). */
export function showsAddUser(pathname: string, role: Role): boolean {
  return pathname === "/users" && STAFF.includes(role);
}
