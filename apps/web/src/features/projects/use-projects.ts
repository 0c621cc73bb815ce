import {
  type ProjectSort,
  type ProjectState,
  profileContract,
  projectsContract,
  unseenProjectsEndpoint,
} from "@atelier/shared";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { projectKeys } from "./project-keys.ts";

/** GET /v3/project/list: 20 at a time (SPEC §9), next pages through `nextCursor`. */
export function useProjects(state: ProjectState, sort: ProjectSort) {
  return useInfiniteQuery({
    queryKey: projectKeys.list(state, sort),
    queryFn: ({ pageParam, signal }) =>
      api(projectsContract.list, { query: { projectState: state, sort, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: "Unable to load projects. Try again later!" },
  });
}

/** GET /v3/project/task/unseen-projects: the projects with something new for the caller, as a set. */
export function useUnseenProjects() {
  return useQuery({
    queryKey: projectKeys.unseen,
    queryFn: ({ signal }) => api(unseenProjectsEndpoint, {}, { signal }),
    select: (answer) => new Set(answer.projectIds),
    // The markers are a hint: without them the list is whole.
    meta: { handlesError: true },
  });
}

/** GET /v3/project/get/{id}: the project as the viewer may see it, with their abilities. The screen shows 404 itself. */
export function useProject(id: string) {
  return useQuery({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => api(projectsContract.get, { params: { id } }, { signal }),
    meta: { handlesError: true },
  });
}

/** GET /profile/listCustomers?search: the staff picker of existing customers. */
export function useCustomerSearch(search: string, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.customers(search),
    queryFn: ({ signal }) =>
      api(profileContract.listCustomers, { query: { search: search || undefined, limit: 20 } }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    meta: { errorMessage: "Unable to load customers. Try again later!" },
  });
}
