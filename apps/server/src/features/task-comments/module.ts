import type { FeatureModule } from "../../core/feature-module.ts";
import { taskCommentsPersonalData } from "./personal-data.ts";
import { registerTaskCommentRoutes } from "./routes.ts";

/** The task-comments feature as the composition root sees it (core/feature-module.ts). */
export const taskCommentsModule: FeatureModule = {
  name: "task-comments",
  routes: registerTaskCommentRoutes,
  personalData: [taskCommentsPersonalData],
};
