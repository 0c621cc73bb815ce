import type { FeatureModule } from "../../core/feature-module.ts";
import { tasksPersonalData } from "./personal-data.ts";
import { registerTaskRoutes } from "./routes.ts";

/** The tasks feature as the composition root sees it (core/feature-module.ts). */
export const tasksModule: FeatureModule = {
  name: "tasks",
  routes: registerTaskRoutes,
  personalData: [tasksPersonalData],
};
