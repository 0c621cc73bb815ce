import { projectsContract, type TaskSortType, tasksContract, usersContract } from "@atelier/shared";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { type DashboardFilters, taskKeys } from "./task-keys.ts";

const DESIGNER_PICKER_SIZE = 20;
const firstPage = undefined as string | undefined;
const nextCursor = (page: { nextCursor: string | null }) => page.nextCursor ?? undefined;

/** GET /v3/project/get/{id}/tasks: the active tasks in one sort, 10 at a time (SPEC §9). */
export function useProjectTasks(projectId: string, sort: TaskSortType) {
  return useInfiniteQuery({
    queryKey: taskKeys.list(projectId, sort),
    queryFn: ({ pageParam, signal }) =>
      api(tasksContract.list, { params: { id: projectId }, query: { sort, cursor: pageParam } }, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: nextCursor,
    meta: { errorMessage: "Unable to load tasks. Try again later!" },
  });
}

/** GET /v3/project/get/{id}/archived-tasks: most recently archived first, 10 at a time. */
export function useArchivedTasks(projectId: string) {
  return useInfiniteQuery({
    queryKey: taskKeys.archived(projectId),
    queryFn: ({ pageParam, signal }) =>
      api(tasksContract.listArchived, { params: { id: projectId }, query: { cursor: pageParam } }, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: nextCursor,
    meta: { errorMessage: "Unable to load archived tasks. Try again later!" },
  });
}

/** GET /v3/project/{id}/task/{taskId}: the task panel's task. The panel shows a 404 itself. */
export function useTask(projectId: string, taskId: string) {
  return useQuery({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => api(tasksContract.get, { params: { id: projectId, taskId } }, { signal }),
    meta: { handlesError: true },
  });
}

/** GET /v3/project/{id}/task/{taskId}/history: the task's activity, newest first. */
export function useTaskHistory(projectId: string, taskId: string) {
  return useInfiniteQuery({
    queryKey: taskKeys.history(taskId),
    queryFn: ({ pageParam, signal }) =>
      api(tasksContract.history, { params: { id: projectId, taskId }, query: { cursor: pageParam } }, { signal }),
    initialPageParam: firstPage,
    getNextPageParam: nextCursor,
    meta: { errorMessage: "Unable to load the task's history. Try again later!" },
  });
}

/** GET /v3/project/list-available-designer: designers on the project's team, and the others. */
export function useAvailableDesigners(projectId: string, taskId: string, q = "") {
  return useQuery({
    // Under the task's designers key, so a change to the task refreshes every search of it.
    queryKey: [...taskKeys.designers(taskId), q],
    queryFn: ({ signal }) =>
      api(tasksContract.listAvailableDesigners, { query: { projectId, taskId, q: q || undefined } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { errorMessage: "Unable to load designers. Try again later!" },
  });
}

function dashboardQuery(filters: DashboardFilters) {
  return {
    designerId: filters.designerId,
    projectId: filters.projectId,
    deadlineBefore: filters.deadlineBefore,
    archived: filters.archived ? ("true" as const) : ("false" as const),
    q: filters.q || undefined,
  };
}

/** GET /v3/tasks/dashboard: tasks across the caller's projects, filtered, 20 at a time. */
export function useDashboardTasks(filters: DashboardFilters) {
  return useInfiniteQuery({
    queryKey: taskKeys.dashboard(filters),
    queryFn: ({ pageParam, signal }) =>
      api(
        tasksContract.dashboard,
        {
          query: { ...dashboardQuery(filters), status: filters.status, cursor: pageParam },
        },
        { signal },
      ),
    initialPageParam: firstPage,
    getNextPageParam: nextCursor,
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Unable to load tasks. Try again later!" },
  });
}

/** GET /v3/tasks/dashboard/counts: how many tasks of each status under the same filters. */
export function useDashboardCounts(filters: Omit<DashboardFilters, "status">) {
  return useQuery({
    queryKey: taskKeys.dashboardCounts(filters),
    queryFn: ({ signal }) => api(tasksContract.dashboardCounts, { query: dashboardQuery({ ...filters }) }, { signal }),
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Unable to load task counts. Try again later!" },
  });
}

/**
 * The dashboard's pickers: project names (first 100, A→Z) and, for staff, the designers whose name
 * or e-mail holds the words `designerSearch` (the server searches them all; 20 offered at a time).
 */
export function useDashboardPickers(withDesigners: boolean, designerSearch = "") {
  const projects = useQuery({
    queryKey: [...taskKeys.pickers, "projects"],
    queryFn: ({ signal }) => api(projectsContract.listNames, { query: { limit: 100 } }, { signal }),
    staleTime: 60_000,
    meta: { errorMessage: "Unable to load projects. Try again later!" },
  });
  const designers = useQuery({
    queryKey: [...taskKeys.pickers, "designers", designerSearch],
    queryFn: ({ signal }) =>
      api(
        usersContract.list,
        { query: { role: "designer", q: designerSearch || undefined, limit: DESIGNER_PICKER_SIZE } },
        { signal },
      ),
    enabled: withDesigners,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { errorMessage: "Unable to load designers. Try again later!" },
  });
  return { projects, designers };
}
