import type { FeatureModule } from "../../core/feature-module.ts";
import { accountTracesPersonalData } from "./personal-data.ts";
import { registerPrivacyRoutes } from "./routes.ts";
import { defineExportJob } from "./service/export.ts";

/** The privacy feature as the composition root sees it (core/feature-module.ts). */
export const privacyModule: FeatureModule = {
  name: "privacy",
  routes: registerPrivacyRoutes,
  jobs: (ctx) => defineExportJob(ctx, ctx.jobs),
  personalData: [accountTracesPersonalData],
};
