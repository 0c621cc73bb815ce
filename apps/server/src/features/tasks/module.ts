import type { FeatureModule } from "../../core/feature-module.ts";
import { tasksPersonalData } from "./personal-data.ts";
import { registerTaskRoutes } from "./routes.ts";
import type { TaskDesignReader } from "./service/designs.ts";

/**
 * The tasks feature as the composition root sees it (core/feature-module.ts). It is handed the
 * designs feature's reader, which builds on tasks and so cannot be imported here (decision 031).
 */
export const tasksModule = (designs: TaskDesignReader): FeatureModule => ({
  name: "tasks",
  routes: (app, ctx) => registerTaskRoutes(app, { ...ctx, taskDesigns: designs }),
  personalData: [tasksPersonalData],
});
