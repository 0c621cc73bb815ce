import type { FeatureModule } from "../../core/feature-module.ts";
import { billingPersonalData } from "./personal-data.ts";
import { registerBillingRoutes } from "./routes.ts";
import { defineBillingJobs } from "./service/erasure.ts";

/** The billing feature as the composition root sees it (core/feature-module.ts). */
export const billingModule: FeatureModule = {
  name: "billing",
  routes: registerBillingRoutes,
  jobs: (ctx) => defineBillingJobs(ctx, ctx.jobs),
  personalData: [billingPersonalData],
};
