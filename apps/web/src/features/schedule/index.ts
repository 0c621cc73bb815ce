import { canOpenSchedule } from "@atelier/shared";
import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

export const scheduleRoutes: FeatureRoute[] = [
  {
    path: "schedule",
    Component: lazy(() => import("./schedule-screen.tsx")),
    handle: { title: "Schedule", allow: canOpenSchedule },
  },
];
