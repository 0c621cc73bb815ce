import type { ProjectSort, ProjectState } from "@atelier/shared";

/** Query keys of the projects feature: lists, one project, the staff customer picker. */
export const projectKeys = {
  all: ["projects"] as const,
  lists: ["projects", "list"] as const,
  list: (state: ProjectState, sort: ProjectSort) => ["projects", "list", state, sort] as const,
  detail: (id: string) => ["projects", "detail", id] as const,
  customers: (search: string) => ["projects", "customers", search] as const,
  invites: (id: string) => ["projects", "invites", id] as const,
  /** taskKeys.unseenProjects: the tasks feature refreshes it when a task is opened */
  unseen: ["projects", "unseen"] as const,
};
