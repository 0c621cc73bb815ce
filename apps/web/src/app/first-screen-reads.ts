import { startEarlyGet } from "../lib/early-requests.ts";
import { matchRoutes, stripBasename } from "../lib/router/index.ts";
import { isRouteHandle } from "../lib/routing.ts";
import { APP_BASE } from "../lib/session.ts";
import { getToken } from "../lib/token-storage.ts";
import { openRoutes } from "./open-routes.tsx";
import { loadRoutes } from "./route-table.ts";

/** The account call every signed-in screen waits for (GET /auth/info, lib/current-user.ts). */
const ACCOUNT_PATH = "/auth/info";

/**
 * On a page load with a stored session, starts the account call and the opened screen's first
 * reads (its route's `early` URLs) while the screen's code is still loading (index.html's inline
 * script has asked for those chunks). Left to the screens, each read would start only once its
 * code has run and the account has come back, one round trip after another
 * (docs/decisions/051-first-screen-reads-and-preload.md).
 */
export function startFirstScreenReads(): void {
  if (getToken() === null) return;
  startEarlyGet(ACCOUNT_PATH);
  const pathname = stripBasename(window.location.pathname, APP_BASE);
  // The open screens make no early reads; the others' are in the whole table, which index.html's
  // inline script is fetching with the entry.
  if (pathname === null || matchRoutes(openRoutes, pathname)) return;
  void loadRoutes().then((routes) => {
    for (const { route, params } of matchRoutes(routes, pathname) ?? []) {
      if (isRouteHandle(route.handle)) for (const url of route.handle.early?.(params) ?? []) startEarlyGet(url);
    }
  });
}
