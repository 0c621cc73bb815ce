import type { Project } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { loadVisibleProject, type ProjectAccess } from "../access.ts";
import { presentProject } from "../presenter.ts";
import { listTeam } from "../repo/members.ts";

/** The project screen's data for this actor: the project row and its team, presented (2 queries). */
export async function presentProjectFor(db: DbOrTx, actor: Actor, access: ProjectAccess): Promise<Project> {
  const team = await listTeam(db, access.project.id);
  return presentProject({ actor, membership: access.membership }, access.project, team);
}

/** `GET /v3/project/get/{id}` */
export async function getProject(
  ctx: AppContext,
  actor: Actor,
  input: { id: string },
  preloaded?: PreloadedScope,
): Promise<Project> {
  return presentProjectFor(ctx.db, actor, await loadVisibleProject(ctx, actor, input.id, preloaded));
}
