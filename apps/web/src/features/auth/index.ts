import { lazy } from "react";
import type { FeatureRoute } from "../../lib/routing.ts";

/** The open routes of SPEC §2: reachable without a token. */
export const authRoutes: FeatureRoute[] = [
  { path: "auth/login", Component: lazy(() => import("./login-screen.tsx")), handle: { title: "Log in" } },
  { path: "auth/signup", Component: lazy(() => import("./signup-screen.tsx")), handle: { title: "Sign up" } },
  { path: "auth/reset", Component: lazy(() => import("./reset-screen.tsx")), handle: { title: "Reset password" } },
  {
    path: "auth/email-change",
    Component: lazy(() => import("./email-change-screen.tsx")),
    handle: { title: "Confirm new e-mail" },
  },
  { path: "auth/invite", Component: lazy(() => import("./invite-screen.tsx")), handle: { title: "Invitation" } },
  { path: "onboard", Component: lazy(() => import("./onboard-screen.tsx")), handle: { title: "Welcome" } },
];
