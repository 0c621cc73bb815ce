import type { FeatureModule } from "../../core/feature-module.ts";
import { authPersonalData } from "./personal-data.ts";
import { registerAuthRoutes } from "./routes.ts";
import { definePasswordResetJob } from "./service/password-reset.ts";

/** The auth feature as the composition root sees it (core/feature-module.ts). */
export const authModule: FeatureModule = {
  name: "auth",
  routes: registerAuthRoutes,
  jobs: (ctx) => definePasswordResetJob(ctx, ctx.jobs),
  personalData: [authPersonalData],
};
