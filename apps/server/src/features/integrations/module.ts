import type { FeatureModule } from "../../core/feature-module.ts";
import { integrationsPersonalData } from "./personal-data.ts";
import { registerIntegrationRoutes } from "./routes.ts";

/** The integrations feature (API tokens, calendar feeds) as the composition root sees it. */
export const integrationsModule: FeatureModule = {
  name: "integrations",
  routes: registerIntegrationRoutes,
  personalData: [integrationsPersonalData],
};
