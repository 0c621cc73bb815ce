import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

export const settingsRoutes: FeatureRoute[] = [
  { path: "user/settings", Component: lazy(() => import("./settings-screen.tsx")), handle: { title: "Settings" } },
];
