import { Suspense, use, useMemo } from "react";
import { BrowserRouter, matchRoutes, type RouteObject, renderMatches, useLocation } from "../lib/router/index.ts";
import { isRouteHandle, RouteHandlesProvider } from "../lib/routing.ts";
import { APP_BASE } from "../lib/session.ts";
import { ScreenSkeleton } from "../ui/screen-skeleton.tsx";
import { openRoutes } from "./open-routes.tsx";
import { loadedRoutes, loadRoutes } from "./route-table.ts";

/**
 * The table to match the location against: the whole one once it is in; before that the open
 * routes, or a wait for the whole table when the location is not an open route. A navigation
 * waits in its transition, so the current screen stays while the table loads.
 */
function useRouteTable(pathname: string): RouteObject[] {
  const loaded = loadedRoutes();
  if (loaded) return loaded;
  return matchRoutes(openRoutes, pathname) ? openRoutes : use(loadRoutes());
}

/**
 * The route table drawn for the current location. Route handles (titles, allowed roles, early
 * reads) reach the layouts through RouteHandlesProvider.
 */
function AppRoutes() {
  const { pathname } = useLocation();
  const routes = useRouteTable(pathname);
  const matches = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  const handles = useMemo(() => (matches ?? []).map((match) => match.route.handle).filter(isRouteHandle), [matches]);
  return <RouteHandlesProvider value={handles}>{renderMatches(matches)}</RouteHandlesProvider>;
}

export function AppRouter() {
  return (
    <BrowserRouter basename={APP_BASE}>
      <Suspense fallback={<ScreenSkeleton />}>
        <AppRoutes />
      </Suspense>
    </BrowserRouter>
  );
}
