import { canRemoveMember, isRemovableMember, PROJECT_MESSAGES, type ProjectRole } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { ensureAllowed, loadVisibleProject } from "../access.ts";
import { deactivateMember, findMember, upsertMember } from "../repo/members.ts";
import type { MemberRow } from "../repo/projects.ts";

/**
 * Puts a user on the team inside the caller's transaction, and tells no one: the caller decides
 * whether anyone is told. A former member comes back with `projectRole`; an active member keeps
 * the role they have (joining again must not demote an owner to viewer). The caller has checked
 * that the actor may add them.
 */
export async function addProjectMember(
  tx: DbOrTx,
  input: { projectId: string; userId: string; projectRole: ProjectRole; invitedById: string | null },
): Promise<MemberRow> {
  const current = await findMember(tx, input.projectId, input.userId);
  if (current?.active) return current;
  return upsertMember(tx, input);
}

/**
 * `DELETE /v3/project/{id}/user/{userId}` under SPEC §6: staff remove anyone, an owner or editor
 * removes editors and viewers, nobody themselves; the current owner only after ownership moves (412).
 * The row stays inactive so the team list can still show who was on the project.
 */
export async function removeProjectMember(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; userId: string },
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  const target = await findMember(ctx.db, input.projectId, input.userId);
  if (!target?.active) throw notFound(PROJECT_MESSAGES.memberNotFound);
  ensureAllowed(canRemoveMember(actor, access.membership, { userId: target.userId, projectRole: target.projectRole }));
  if (!isRemovableMember(target)) throw ruleRefused(PROJECT_MESSAGES.ownerCannotBeRemoved);
  await withTransaction(ctx, async (tx, emit) => {
    await deactivateMember(tx, input.projectId, input.userId);
    emit({
      type: "project.memberRemoved",
      actorId: actor.id,
      projectId: input.projectId,
      subject: { type: "user", id: input.userId },
      payload: { userId: input.userId },
    });
  });
}
