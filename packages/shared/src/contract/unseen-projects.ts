import { unseenProjectsSchema } from "../schemas/unseen-projects.ts";
import { endpoint } from "./endpoint.ts";

/**
 * The projects list's "new activity" markers, on its own so the projects screen carries only it,
 * not the tasks' schemas (tasksContract.unseenProjects is this same endpoint). Contract decision
 * (issue 29).
 */
export const unseenProjectsEndpoint = endpoint({
  method: "GET",
  path: "/v3/project/task/unseen-projects",
  summary: "The projects where the caller has a task with something new since they last opened it",
  tag: "tasks",
  auth: true,
  response: unseenProjectsSchema,
});
