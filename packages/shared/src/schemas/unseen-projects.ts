import { z } from "zod";
import { idSchema } from "./common.ts";

/**
 * `GET /v3/project/task/unseen-projects`: the projects where the caller has a task with something
 * new since they last opened it (designs, comments, reviews, status changes by others), so the
 * projects list can mark them. At most UNSEEN_PROJECTS_MAX, newest activity first.
 */
export const UNSEEN_PROJECTS_MAX = 500;
export const unseenProjectsSchema = z.object({ projectIds: z.array(idSchema).max(UNSEEN_PROJECTS_MAX) });
export type UnseenProjects = z.infer<typeof unseenProjectsSchema>;
