import { canSeeProject } from "@atelier/shared";
import type { Actor, AppContext } from "../../core/context.ts";
import { forbidden, notFound } from "../../core/errors.ts";
import { takePreloadedProject } from "../../core/sessions/preloaded.ts";
import { findProjectWithMembership, type MemberRow, type ProjectRow } from "./repo/projects.ts";

export interface ProjectAccess {
  project: ProjectRow;
  /** the actor's own membership row, active or not; null when they were never on the team */
  membership: MemberRow | null;
}

/**
 * The first step of every project call (DESIGN §11 "access first"): a project the actor cannot
 * see answers 404 exactly like an unknown id, so ids of other people's projects reveal nothing.
 */
export async function loadVisibleProject(ctx: AppContext, actor: Actor, projectId: string): Promise<ProjectAccess> {
  // Read with the session when the call named this project (core/sessions/preloaded.ts).
  const preloaded = takePreloadedProject(actor, projectId);
  return visibleAccess(
    actor,
    preloaded ? preloaded.found : await findProjectWithMembership(ctx.db, projectId, actor.id),
  );
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
