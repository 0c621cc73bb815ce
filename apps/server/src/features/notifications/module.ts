import type { FeatureModule } from "../../core/feature-module.ts";
import { notificationsPersonalData } from "./personal-data.ts";
import { registerNotificationRoutes } from "./routes.ts";
import { notificationWriter } from "./service/derive.ts";
import { defineDigestJob } from "./service/digest.ts";

/** The notifications feature as the composition root sees it (core/feature-module.ts). */
export const notificationsModule: FeatureModule = {
  name: "notifications",
  routes: registerNotificationRoutes,
  jobs: (ctx) => defineDigestJob(ctx, ctx.jobs),
  eventWriters: (deps) => [notificationWriter(deps)],
  personalData: [notificationsPersonalData],
};
