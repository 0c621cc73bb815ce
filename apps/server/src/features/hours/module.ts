import type { FeatureModule } from "../../core/feature-module.ts";
import { hoursPersonalData } from "./personal-data.ts";
import { registerHoursRoutes } from "./routes.ts";

/** The hours feature as the composition root sees it (core/feature-module.ts). */
export const hoursModule: FeatureModule = {
  name: "hours",
  routes: registerHoursRoutes,
  personalData: [hoursPersonalData],
};
