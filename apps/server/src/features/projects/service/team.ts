import { canRemoveMember, isRemovableMember, PROJECT_MESSAGES } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound, ruleRefused } from "../../../core/errors.ts";
import { ensureAllowed, loadVisibleProject } from "../access.ts";
import { deactivateMember, findMember } from "../repo/members.ts";

/**
 * `DELETE /v3/project/{id}/user/{userId}` under SPEC §6: staff remove anyone, an owner or editor
 * removes editors and viewers, nobody themselves; the current owner only after ownership moves (412).
 * The row stays inactive so the team list can still show who was on the project.
 */
export async function removeProjectMember(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; userId: string },
): Promise<void> {
  const access = await loadVisibleProject(ctx.db, actor, input.projectId);
  const target = await findMember(ctx.db, input.projectId, input.userId);
  if (!target?.active) throw notFound(PROJECT_MESSAGES.memberNotFound);
  ensureAllowed(canRemoveMember(actor, access.membership, { userId: target.userId, projectRole: target.projectRole }));
  if (!isRemovableMember(target)) throw ruleRefused(PROJECT_MESSAGES.ownerCannotBeRemoved);
  await deactivateMember(ctx.db, input.projectId, input.userId);
}
