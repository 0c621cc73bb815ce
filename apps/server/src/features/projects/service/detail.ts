import type { Project } from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
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
export async function getProject(db: DbOrTx, actor: Actor, projectId: string): Promise<Project> {
  return presentProjectFor(db, actor, await loadVisibleProject(db, actor, projectId));
}
