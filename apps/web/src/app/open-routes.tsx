import { authRoutes } from "../features/auth/index.ts";
import { Navigate, type RouteObject } from "../lib/router/index.ts";
import { RootLayout } from "./root-layout.tsx";

/** The routes reachable without a token (SPEC §2), as they sit under the root layout. */
export const openChildren: RouteObject[] = [
  ...authRoutes,
  { path: "auth", element: <Navigate to="/auth/login" replace /> },
];

/**
 * All the entry knows of the route table: the open screens under the root layout. The whole table
 * (app/routes.tsx, with every signed-in feature's routes and dialogs) loads with the first
 * location that is not one of these, so a login page does not carry the rest of the app.
 */
export const openRoutes: RouteObject[] = [{ element: <RootLayout />, children: openChildren }];
