import { canSeeProject } from "@atelier/shared";
import type { Actor, AppContext } from "../../core/context.ts";
import { forbidden, notFound } from "../../core/errors.ts";
import type { PreloadedScope } from "../../core/sessions/scope.ts";
import { findProjectWithMembership, type MemberRow, type ProjectRow } from "./repo/projects.ts";

export interface ProjectAccess {
  project: ProjectRow;
  /** the actor's own membership row, active or not; null when they were never on the team */
  membership: MemberRow | null;
}

/**
 * The first step of every project call (DESIGN §11 "access first"): a project the actor cannot
 * see answers 404 exactly like an unknown id, so ids of other people's projects reveal nothing.
 * `preloaded`: the rows the route's declared scope read with the session, used when they are of
 * this project; only the call's first check gets them (core/sessions/scope.ts).
 */
export async function loadVisibleProject(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  preloaded?: PreloadedScope,
): Promise<ProjectAccess> {
  const found =
    preloaded?.projectId === projectId
      ? preloadedProject(preloaded)
      : await findProjectWithMembership(ctx.db, projectId, actor.id);
  return visibleAccess(actor, found);
}

/** The project and membership of preloaded rows; null when no such live project exists. */
export function preloadedProject({ project, membership }: PreloadedScope): ProjectAccess | null {
  return project ? { project, membership } : null;
}

/** The project and membership found for the actor, when they may see it; else 404. */
export function visibleAccess(actor: Actor, found: ProjectAccess | null | undefined): ProjectAccess {
  if (!found || !canSeeProject(actor, found.membership)) throw notFound();
  return found;
}

/** A visible project where the action is not allowed answers 403. */
export function ensureAllowed(allowed: boolean): void {
  if (!allowed) throw forbidden();
}
