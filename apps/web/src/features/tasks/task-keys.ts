import type { TaskSortType, TaskStatus } from "@atelier/shared";

/** The dashboard's filters as the query keys and the calls see them (absent = not filtered). */
export interface DashboardFilters {
  status?: TaskStatus;
  designerId?: string;
  projectId?: string;
  deadlineBefore?: number;
  archived: boolean;
  q?: string;
}

/**
 * Query keys of the tasks feature. Everything under `project(id)` belongs to one project's board,
 * so a change to one of its tasks refreshes the board with a single invalidation.
 */
export const taskKeys = {
  all: ["tasks"] as const,
  project: (projectId: string) => ["tasks", "project", projectId] as const,
  list: (projectId: string, sort: TaskSortType) => ["tasks", "project", projectId, "list", sort] as const,
  archived: (projectId: string) => ["tasks", "project", projectId, "archived"] as const,
  detail: (taskId: string) => ["tasks", "detail", taskId] as const,
  history: (taskId: string) => ["tasks", "history", taskId] as const,
  designers: (taskId: string) => ["tasks", "designers", taskId] as const,
  dashboardAll: ["tasks", "dashboard"] as const,
  dashboard: (filters: DashboardFilters) => ["tasks", "dashboard", "list", filters] as const,
  dashboardCounts: (filters: Omit<DashboardFilters, "status">) => ["tasks", "dashboard", "counts", filters] as const,
  pickers: ["tasks", "pickers"] as const,
  /**
   * Every query of the projects feature (its keys all start so). Adding, deleting or archiving a
   * task moves a project's task counts; importing projectKeys would make an import cycle
   * (the project screen hosts the task board).
   */
  projects: ["projects"] as const,
  /** The projects list's "new activity" markers (projects feature, GET …/task/unseen-projects). */
  unseenProjects: ["projects", "unseen"] as const,
};
