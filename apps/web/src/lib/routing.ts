import type { ProjectActor } from "@atelier/shared";
import type { RouteObject } from "react-router";

/** What every route declares: its title (page title and page views), and who may open it. */
export interface RouteHandle {
  title: string;
  /** Who may open a signed-in route: a shared permission rule; everyone signed in when absent. */
  allow?: (actor: ProjectActor) => boolean;
}

/** A feature's routes: each carries a handle with its title. */
export type FeatureRoute = RouteObject & { handle?: RouteHandle };

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === "object" && value !== null && typeof (value as { title?: unknown }).title === "string";
}
