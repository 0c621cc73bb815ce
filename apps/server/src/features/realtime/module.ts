import type { FeatureModule } from "../../core/feature-module.ts";
import { registerRealtimeRoutes } from "./routes.ts";

/** The realtime feature as the composition root sees it (core/feature-module.ts). */
export const realtimeModule: FeatureModule = {
  name: "realtime",
  routes: registerRealtimeRoutes,
};
