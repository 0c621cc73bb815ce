import type { RouteObject } from "../lib/router/index.ts";

// The whole route table (app/routes.tsx) is lazy; the entry knows only the open routes
// (app/open-routes.tsx). A module of its own, so the table and the open routes do not import each other.

let loaded: RouteObject[] | undefined;
let loading: Promise<RouteObject[]> | undefined;

/** The whole route table, once it is in (or undefined). */
export function loadedRoutes(): RouteObject[] | undefined {
  return loaded;
}

/** Loads the whole route table once (index.html's inline script has usually fetched it already). */
export function loadRoutes(): Promise<RouteObject[]> {
  loading ??= import("./routes.tsx").then((module) => {
    loaded = module.routes;
    return loaded;
  });
  return loading;
}
