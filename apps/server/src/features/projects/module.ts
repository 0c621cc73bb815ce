import type { FeatureModule } from "../../core/feature-module.ts";
import { projectsPersonalData } from "./personal-data.ts";
import { registerProjectRoutes } from "./routes.ts";
import type { SetPlanByHand } from "./service/plan-door.ts";

/**
 * The projects feature as the composition root sees it (core/feature-module.ts). It is handed
 * billing's plan-by-hand door, as billing builds on projects (decision 031).
 */
export const projectsModule = (setPlanByHand: SetPlanByHand): FeatureModule => ({
  name: "projects",
  routes: (app, ctx) => registerProjectRoutes(app, { ...ctx, setPlanByHand }),
  personalData: [projectsPersonalData],
});
