import { lazy } from "react";
import { billingRoutes } from "../features/billing/index.ts";
import { guestReviewRoutes } from "../features/designs/index.ts";
import { invoicesRoutes } from "../features/invoices/index.ts";
// The messages route table without the index (see features/messages/routes.ts).
import { messagesRoutes } from "../features/messages/routes.ts";
import { Navigate, type RouteObject } from "../lib/router/index.ts";
// No routes of its own: registers the privacy dialogs (two-factor, removal, user info).
import "../features/privacy/index.ts";
import { projectsRoutes } from "../features/projects/index.ts";
import { scheduleRoutes } from "../features/schedule/index.ts";
import { settingsRoutes } from "../features/settings/index.ts";
import { tasksRoutes } from "../features/tasks/index.ts";
import { usersRoutes } from "../features/users/index.ts";
import type { FeatureRoute } from "../lib/routing.ts";
import { NotFoundScreen } from "./not-found.tsx";
import { openChildren } from "./open-routes.tsx";
import { RootLayout } from "./root-layout.tsx";

const SignedInLayout = lazy(() => import("./signed-in-layout.tsx"));

/** Signed-in screens, by feature. A new feature adds its routes here. */
const signedInRoutes: FeatureRoute[] = [
  ...scheduleRoutes,
  ...tasksRoutes,
  ...projectsRoutes,
  ...messagesRoutes,
  ...usersRoutes,
  ...settingsRoutes,
  ...billingRoutes,
  ...invoicesRoutes,
];

/**
 * The route table of SPEC §2 (under the /app basename). Lazy (app/open-routes.tsx): the entry
 * carries only the open routes, and this file brings every signed-in feature's routes and dialogs.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...openChildren,
      ...guestReviewRoutes,
      {
        element: <SignedInLayout />,
        children: [
          { index: true, element: <Navigate to="/projects" replace /> },
          { path: "dashboard", element: <Navigate to="/tasks" replace /> },
          ...signedInRoutes,
        ],
      },
      { path: "*", element: <NotFoundScreen />, handle: { title: "Page not found" } },
    ],
  },
];
