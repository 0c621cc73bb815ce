import type { FeatureModule } from "../../core/feature-module.ts";
import { projectsPersonalData } from "./personal-data.ts";
import { registerProjectRoutes } from "./routes.ts";

/** The projects feature as the composition root sees it (core/feature-module.ts). */
export const projectsModule: FeatureModule = {
  name: "projects",
  routes: registerProjectRoutes,
  personalData: [projectsPersonalData],
};
