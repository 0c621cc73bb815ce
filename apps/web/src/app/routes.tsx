import { Navigate, type RouteObject } from "react-router";
import { authRoutes } from "../features/auth/index.ts";
import { billingRoutes } from "../features/billing/index.ts";
import { messagesRoutes } from "../features/messages/index.ts";
// No routes of its own: registers the privacy dialogs (two-factor, removal, user info).
import "../features/privacy/index.ts";
import { projectsRoutes } from "../features/projects/index.ts";
import { scheduleRoutes } from "../features/schedule/index.ts";
import { settingsRoutes } from "../features/settings/index.ts";
import { ShellLayout } from "../features/shell/index.ts";
import { tasksRoutes } from "../features/tasks/index.ts";
import { usersRoutes } from "../features/users/index.ts";
import type { FeatureRoute } from "../lib/routing.ts";
import { NotFoundScreen } from "./not-found.tsx";
import { RequireAuth } from "./require-auth.tsx";
import { RoleGate } from "./role-gate.tsx";
import { RootLayout } from "./root-layout.tsx";

/** Signed-in screens, by feature. A new feature adds its routes here. */
const signedInRoutes: FeatureRoute[] = [
  ...scheduleRoutes,
  ...tasksRoutes,
  ...projectsRoutes,
  ...messagesRoutes,
  ...usersRoutes,
  ...settingsRoutes,
  ...billingRoutes,
];

/** The route table of SPEC §2 (under the /app basename). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      ...authRoutes,
      { path: "auth", element: <Navigate to="/auth/login" replace /> },
      {
        element: (
          <RequireAuth>
            <ShellLayout>
              <RoleGate />
            </ShellLayout>
          </RequireAuth>
        ),
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
