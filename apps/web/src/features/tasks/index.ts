import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

export const tasksRoutes: FeatureRoute[] = [
  { path: "tasks", Component: lazy(() => import("./tasks-screen.tsx")), handle: { title: "Tasks" } },
];
