import { useMemo } from "react";
import { BrowserRouter, matchRoutes, useLocation, useRoutes } from "react-router";
import { isRouteHandle, RouteHandlesProvider } from "../lib/routing.ts";
import { routes } from "./routes.tsx";

/**
 * React Router's declarative mode: the route table needs no loaders or actions, and the data
 * router would add some 17 KB (gzip) to every screen's first load (docs/decisions.md, First load).
 * Route handles (titles, allowed roles) reach the layouts through RouteHandlesProvider.
 */
function AppRoutes() {
  const location = useLocation();
  const handles = useMemo(
    () => (matchRoutes(routes, location) ?? []).map((match) => match.route.handle).filter(isRouteHandle),
    [location],
  );
  const element = useRoutes(routes, location);
  return <RouteHandlesProvider value={handles}>{element}</RouteHandlesProvider>;
}

export function AppRouter() {
  return (
    <BrowserRouter basename="/app">
      <AppRoutes />
    </BrowserRouter>
  );
}
