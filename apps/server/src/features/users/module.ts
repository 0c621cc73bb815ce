import type { FeatureModule } from "../../core/feature-module.ts";
import { usersPersonalData } from "./personal-data.ts";
import { registerUsersRoutes } from "./routes.ts";

/** The users feature as the composition root sees it (core/feature-module.ts). */
export const usersModule: FeatureModule = {
  name: "users",
  routes: registerUsersRoutes,
  personalData: [usersPersonalData],
};
