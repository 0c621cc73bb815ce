import type { FeatureModule } from "../../core/feature-module.ts";
import { twoFactorPersonalData } from "./personal-data.ts";
import { registerTwoFactorRoutes } from "./routes.ts";

/** The two-factor feature as the composition root sees it (core/feature-module.ts). */
export const twoFactorModule: FeatureModule = {
  name: "two-factor",
  routes: registerTwoFactorRoutes,
  personalData: [twoFactorPersonalData],
};
