import type { FeatureModule } from "../../core/feature-module.ts";
import { portfolioPersonalData } from "./personal-data.ts";
import { registerPortfolioRoutes } from "./routes.ts";

/** The portfolio feature as the composition root sees it (core/feature-module.ts). */
export const portfolioModule: FeatureModule = {
  name: "portfolio",
  routes: registerPortfolioRoutes,
  personalData: [portfolioPersonalData],
};
