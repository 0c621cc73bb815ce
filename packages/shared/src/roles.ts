export const ROLES = ["admin", "projectManager", "designer", "customer"] as const;
export type Role = (typeof ROLES)[number];

/** Roles a user can be given through the user dialogs (SPEC §5). */
export const ASSIGNABLE_STAFF_ROLES = ["designer", "projectManager"] as const;
export type AssignableStaffRole = (typeof ASSIGNABLE_STAFF_ROLES)[number];

export const PROJECT_ROLES = ["owner", "editor", "viewer", "designer", "projectManager", "admin"] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

export const CUSTOMER_PROJECT_ROLES = ["owner", "editor", "viewer"] as const;
export type CustomerProjectRole = (typeof CUSTOMER_PROJECT_ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: "Admin",
  projectManager: "Project Manager",
  designer: "Designer",
  customer: "Customer",
};

export const PROJECT_ROLE_LABELS: Record<ProjectRole, string> = {
  owner: "Owner",
  editor: "Editor",
  viewer: "Viewer",
  designer: "Designer",
  projectManager: "Project Manager",
  admin: "Admin",
};

export function isStaff(role: Role): boolean {
  return role === "admin" || role === "projectManager";
}
