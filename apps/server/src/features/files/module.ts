import type { FeatureModule } from "../../core/feature-module.ts";
import { filesPersonalData } from "./personal-data.ts";
import { registerFilesRoutes } from "./routes.ts";

/** The files feature as the composition root sees it (core/feature-module.ts). */
export const filesModule: FeatureModule = {
  name: "files",
  routes: registerFilesRoutes,
  personalData: [filesPersonalData],
};
