import {
  canCreateProject,
  canManageInvoices,
  canManageOrders,
  canManageUsers,
  canOpenMessages,
  canOpenSchedule,
  type ProjectActor,
  showsTasksInMenu,
} from "@atelier/shared";

export interface NavItem {
  label: string;
  to: string;
  /** the shared rule that shows the entry; everyone when absent */
  isVisibleTo?: (actor: ProjectActor) => boolean;
}

/** Header menu of SPEC §2, in order; Users and Designers sit in the Users dropdown. */
export const MAIN_NAV: NavItem[] = [
  { label: "Schedule", to: "/schedule", isVisibleTo: canOpenSchedule },
  { label: "Tasks", to: "/tasks", isVisibleTo: showsTasksInMenu },
  { label: "Projects", to: "/projects" },
  { label: "Messages", to: "/messages", isVisibleTo: canOpenMessages },
];

export const USERS_NAV: NavItem[] = [
  { label: "Users", to: "/users", isVisibleTo: canManageUsers },
  { label: "Designers", to: "/designers", isVisibleTo: canManageUsers },
  // Bank transfer and BTC orders an admin confirms (issue 11).
  { label: "Payments", to: "/payments", isVisibleTo: canManageOrders },
  // Invoices, credit notes and the seller settings (issue 24 part 3).
  { label: "Invoices", to: "/invoices", isVisibleTo: canManageInvoices },
];

export const SETTINGS_NAV: NavItem = { label: "Settings", to: "/user/settings" };

export function isVisibleTo(item: NavItem, actor: ProjectActor): boolean {
  return item.isVisibleTo?.(actor) ?? true;
}

/** New Project: on the tasks or projects route, for admin, projectManager and customer. */
export function showsNewProject(pathname: string, user: ProjectActor): boolean {
  return (pathname === "/tasks" || pathname === "/projects") && canCreateProject(user);
}

/** Add User: on the users route (the screen only opens for staff). */
export function showsAddUser(pathname: string, user: ProjectActor): boolean {
  return pathname === "/users" && canManageUsers(user);
}
