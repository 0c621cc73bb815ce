import type { ProjectActor } from "@atelier/shared";
import { createContext, useContext } from "react";
import type { RouteObject } from "./router/index.ts";

/** What every route declares: its title (page title and page views), and who may open it. */
export interface RouteHandle {
  title: string;
  /** Who may open a signed-in route: a shared permission rule; everyone signed in when absent. */
  allow?: (actor: ProjectActor) => boolean;
  /**
   * GETs the screen makes as soon as it draws, started with its code on a page load with a session
   * (app/first-screen-reads.ts). Each must be the URL the call writes, or it goes unused.
   */
  early?: (params: RouteParams) => string[];
}

export type RouteParams = Readonly<Partial<Record<string, string>>>;

/** A feature's routes: each carries a handle with its title. */
export type FeatureRoute = RouteObject & { handle?: RouteHandle };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && typeof (value as { title?: unknown }).title === "string";
}

const RouteHandlesContext = createContext<readonly RouteHandle[]>([]);

/** Given by the router: the handles of the routes matching the current location, outermost first. */
export const RouteHandlesProvider = RouteHandlesContext.Provider;

/** The handles of the matched routes (the innermost one, last, is the screen's). */
export function useRouteHandles(): readonly RouteHandle[] {
  return useContext(RouteHandlesContext);
}
