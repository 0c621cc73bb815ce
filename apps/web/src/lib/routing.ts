import { isStaff, ROLES, type Role } from "@atelier/shared";
import { createContext, useContext } from "react";
import type { RouteObject } from "react-router";

/** What every route declares: its title (page title and page views), and who may open it. */
export interface RouteHandle {
  title: string;
  /** Roles allowed on a signed-in route; everyone signed in when absent. */
  allow?: readonly Role[];
}

/** A feature's routes: each carries a handle with its title. */
export type FeatureRoute = RouteObject & { handle?: RouteHandle };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && typeof (value as { title?: unknown }).title === "string";
}

export const STAFF_ROLES: readonly Role[] = ROLES.filter(isStaff);
export const TEAM_ROLES: readonly Role[] = ["admin", "projectManager", "designer"];

const RouteHandlesContext = createContext<readonly RouteHandle[]>([]);

/** Given by the router: the handles of the routes matching the current location, outermost first. */
export const RouteHandlesProvider = RouteHandlesContext.Provider;

/** The handles of the matched routes (the innermost one, last, is the screen's). */
export function useRouteHandles(): readonly RouteHandle[] {
  return useContext(RouteHandlesContext);
}
