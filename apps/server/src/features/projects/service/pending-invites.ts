import { canInviteAs, INVITE_DAYS, invitableRoles, MESSAGES, type PendingInvite } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import { notFound } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { ensureAllowed, loadVisibleProject } from "../access.ts";
import { presentInviterName } from "../presenter.ts";
import {
  deletePendingInvite,
  findPendingInvite,
  listPendingInvites,
  type PendingInviteRow,
  replaceInviteKey,
} from "../repo/invites.ts";
import { queueInviteMail } from "./invites.ts";

/**
 * Pending invites (calls SPEC leaves open, see the contract): whoever may invite with an invite's
 * role may see, resend and revoke it, so a customer owner manages the editor and viewer invites
 * and staff all of them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

function presentPendingInvite(row: PendingInviteRow, now: number): PendingInvite {
  const { invite } = row;
  return {
    id: invite.id,
    email: invite.email,
    role: invite.projectRole,
    invitedBy: row.inviterName === null ? null : presentInviterName(row.inviterName, row.inviterSurname),
    createdAt: invite.createdAt.getTime(),
    expiresAt: invite.expiresAt.getTime(),
    isExpired: invite.expiresAt.getTime() <= now,
  };
}

/** `GET /v3/project/{id}/invites`: 403 for someone who may invite nobody; otherwise the invites of their roles. */
export async function listProjectInvites(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; limit: number; cursor?: string | undefined },
  preloaded?: PreloadedScope,
) {
  const access = await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  const roles = invitableRoles(actor, access.membership);
  ensureAllowed(roles.length > 0);
  const after = decodeCursor(input.cursor, ["string", "string"] as const);
  const rows = await listPendingInvites(ctx.db, {
    projectId: access.project.id,
    roles,
    after: after ? { email: after[0], id: after[1] } : null,
    limit: input.limit + 1,
  });
  const now = Date.now();
  return toPage(
    rows,
    input.limit,
    (row) => presentPendingInvite(row, now),
    (row) => [row.invite.email, row.invite.id],
  );
}

/** The project and one of its pending invites that the actor may manage: 404 for another project's id, 403 for a role they may not give. */
async function loadManagedInvite(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  inviteId: string,
  preloaded?: PreloadedScope,
) {
  const access = await loadVisibleProject(ctx, actor, projectId, preloaded);
  const invite = await findPendingInvite(ctx.db, access.project.id, inviteId);
  if (!invite) throw notFound(MESSAGES.inviteInvalid);
  ensureAllowed(canInviteAs(actor, access.membership, invite.projectRole));
  return { access, invite };
}

/** `POST /v3/project/{id}/invite/{inviteId}/resend`: a new key and expiry, e-mailed like the first invite. */
export async function resendProjectInvite(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; inviteId: string },
  preloaded?: PreloadedScope,
): Promise<PendingInvite> {
  const { access, invite } = await loadManagedInvite(ctx, actor, input.projectId, input.inviteId, preloaded);
  const key = newToken();
  // The new key and its mail commit together: a failing mail server cannot leave a link nobody got.
  const updated = await withTransaction(ctx, async (tx) => {
    const row = await replaceInviteKey(tx, {
      id: invite.id,
      keyHash: hashToken(key),
      expiresAt: new Date(Date.now() + INVITE_DAYS * DAY_MS),
      invitedById: actor.id,
    });
    // Accepted or revoked between the lookup and the update.
    if (!row) throw notFound(MESSAGES.inviteInvalid);
    await queueInviteMail(ctx, tx, { to: row.email, inviterName: actor.name, projectName: access.project.name, key });
    return row;
  });
  return presentPendingInvite({ invite: updated, inviterName: actor.name, inviterSurname: actor.surname }, Date.now());
}

/** `DELETE /v3/project/{id}/invite/{inviteId}`: the invite's link answers 404 from now on. */
export async function revokeProjectInvite(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; inviteId: string },
  preloaded?: PreloadedScope,
): Promise<void> {
  const { invite } = await loadManagedInvite(ctx, actor, input.projectId, input.inviteId, preloaded);
  if (!(await deletePendingInvite(ctx.db, invite.id))) throw notFound(MESSAGES.inviteInvalid);
}
