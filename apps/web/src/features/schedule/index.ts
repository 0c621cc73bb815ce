import { lazy } from "react";
import { type FeatureRoute, TEAM_ROLES } from "../../lib/routing.ts";

export const scheduleRoutes: FeatureRoute[] = [
  {
    path: "schedule",
    Component: lazy(() => import("./schedule-screen.tsx")),
    handle: { title: "Schedule", allow: TEAM_ROLES },
  },
];
