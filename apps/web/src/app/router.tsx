import { useMemo } from "react";
import { BrowserRouter, matchRoutes, renderMatches, useLocation } from "../lib/router/index.ts";
import { isRouteHandle, RouteHandlesProvider } from "../lib/routing.ts";
import { APP_BASE } from "../lib/session.ts";
import { routes } from "./routes.tsx";

/**
 * The route table drawn for the current location. Route handles (titles, allowed roles, early
 * reads) reach the layouts through RouteHandlesProvider.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  const matches = useMemo(() => matchRoutes(routes, pathname), [pathname]);
  const handles = useMemo(() => (matches ?? []).map((match) => match.route.handle).filter(isRouteHandle), [matches]);
  return <RouteHandlesProvider value={handles}>{renderMatches(matches)}</RouteHandlesProvider>;
}

export function AppRouter() {
  return (
    <BrowserRouter basename={APP_BASE}>
      <AppRoutes />
    </BrowserRouter>
  );
}
