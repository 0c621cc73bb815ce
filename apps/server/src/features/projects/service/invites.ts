import {
  canInviteAs,
  INVITE_DAYS,
  type InviteRole,
  MESSAGES,
  PROJECT_MESSAGES,
  type ProjectInvite,
  type ProjectRole,
  requiredPlatformRoles,
  type SessionWithProject,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, conflict, invalidLogin, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import type { SessionDevice } from "../../../core/sessions/service.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import { verifyPassword } from "../../../lib/passwords.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { issueSession } from "../../two-factor/index.ts";
import { createAccount, findUserByEmail, hashNewPassword, type UserRow } from "../../users/index.ts";
import { ensureAllowed, loadVisibleProject } from "../access.ts";
import { presentInviterName, presentProjectUser } from "../presenter.ts";
import { findUsableInvite, insertInvite, revokePendingInvites, spendInvite } from "../repo/invites.ts";
import { findMember, listTeam, upsertMember } from "../repo/members.ts";
import { addProjectMember } from "./team.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Staff keep their platform role on the team: an admin added as project manager shows as admin. */
function teamRoleFor(role: InviteRole, user: UserRow): ProjectRole {
  return role === "projectManager" && user.role === "admin" ? "admin" : role;
}

/** 412 when the account cannot hold the role (staff roles need a staff account, customer roles a customer). */
function checkAccountFitsRole(role: InviteRole, user: UserRow | undefined): void {
  const required = requiredPlatformRoles(role);
  if (required) {
    if (user && required.includes(user.role)) return;
    throw ruleRefused(
      role === "designer" ? PROJECT_MESSAGES.designerInviteNeedsAccount : PROJECT_MESSAGES.managerInviteNeedsAccount,
    );
  }
  if (user && user.role !== "customer") throw ruleRefused(PROJECT_MESSAGES.customerRoleNeedsCustomer);
}

/**
 * `POST /v3/project/inviteUserToProject`: an existing account joins at once (and is told by
 * e-mail); a new address gets a single-use invite link valid for INVITE_DAYS.
 */
export async function inviteToProject(
  ctx: AppContext,
  actor: Actor,
  input: { role: InviteRole; email: string; projectId: string },
  preloaded?: PreloadedScope,
) {
  const access = await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  ensureAllowed(canInviteAs(actor, access.membership, input.role));
  const existing = await findUserByEmail(ctx.db, input.email);
  checkAccountFitsRole(input.role, existing);
  const projectLink = `${ctx.config.publicUrl}/app/project/${access.project.id}`;

  if (existing) {
    const current = await findMember(ctx.db, access.project.id, existing.id);
    if (current?.active) throw conflict(PROJECT_MESSAGES.alreadyMember, { email: PROJECT_MESSAGES.alreadyMember });
    const projectRole = teamRoleFor(input.role, existing);
    await withTransaction(ctx, async (tx, emit) => {
      await upsertMember(tx, { projectId: access.project.id, userId: existing.id, projectRole, invitedById: actor.id });
      emit({
        type: "project.memberAdded",
        actorId: actor.id,
        projectId: access.project.id,
        subject: { type: "user", id: existing.id },
        payload: { userId: existing.id, projectRole },
      });
      const text = `Hello ${existing.name},\n\n${actor.name} added you to the project "${access.project.name}" on ${ctx.config.productName}:\n\n${projectLink}\n`;
      await queueMail(
        ctx,
        { to: existing.email, subject: `You were added to ${access.project.name}`, text, links: [projectLink] },
        tx,
      );
    });
    const team = await listTeam(ctx.db, access.project.id);
    const joined = team.find((member) => member.userId === existing.id);
    const viewer = { actor, membership: access.membership };
    return { invitedExistingUser: true, projectUser: joined ? presentProjectUser(viewer, joined) : null };
  }

  const key = newToken();
  const expiresAt = new Date(Date.now() + INVITE_DAYS * DAY_MS);
  await withTransaction(ctx, async (tx, emit) => {
    await revokePendingInvites(tx, access.project.id, input.email);
    const invite = await insertInvite(tx, {
      projectId: access.project.id,
      email: input.email,
      projectRole: input.role,
      keyHash: hashToken(key),
      invitedById: actor.id,
      expiresAt,
    });
    emit({
      type: "project.invited",
      actorId: actor.id,
      projectId: access.project.id,
      subject: { type: "invite", id: invite.id },
      payload: { email: input.email, projectRole: input.role },
    });
    // The key travels only in the mail job, never in the event: events reach every member's stream.
    await queueInviteMail(ctx, tx, { to: input.email, inviterName: actor.name, projectName: access.project.name, key });
  });
  return { invitedExistingUser: false, projectUser: null };
}

/**
 * The invite e-mail to a new address with its single-use link, queued in the caller's
 * transaction so it goes out only if the invite commits; resending an invite uses it too.
 */
export async function queueInviteMail(
  ctx: AppContext,
  tx: Tx,
  input: { to: string; inviterName: string; projectName: string; key: string },
): Promise<void> {
  const link = `${ctx.config.publicUrl}/app/auth/invite?${new URLSearchParams({ inviteKey: input.key })}`;
  const text = `Hello,\n\n${input.inviterName} invited you to the project "${input.projectName}" on ${ctx.config.productName}. Open this link within ${INVITE_DAYS} days to join:\n\n${link}\n\nIt works once. If you did not expect it, ignore this e-mail.\n`;
  await queueMail(
    ctx,
    { to: input.to, subject: `${input.inviterName} invited you to ${input.projectName}`, text, links: [link] },
    tx,
  );
}

async function findInviteOr404(ctx: AppContext, inviteKey: string) {
  const found = await findUsableInvite(ctx.db, hashToken(inviteKey), new Date());
  if (!found) throw notFound(MESSAGES.inviteInvalid);
  return found;
}

/** `GET /auth/projectInviteKey` (open): what the invite offers, or 404 for unknown, used or expired keys. */
export async function getProjectInvite(
  ctx: AppContext,
  _actor: null,
  input: { inviteKey: string },
): Promise<ProjectInvite> {
  const { invite, projectName, inviterName, inviterSurname } = await findInviteOr404(ctx, input.inviteKey);
  return {
    projectName,
    email: invite.email,
    role: invite.projectRole,
    invitedBy: presentInviterName(inviterName, inviterSurname),
    expiresAt: invite.expiresAt.getTime(),
    hasAccount: (await findUserByEmail(ctx.db, invite.email)) !== undefined,
  };
}

/**
 * `POST /auth/projectInvite/accept` (open): with an account for the invite's e-mail the password
 * must be that account's; without one, a customer account is created. Either way the user joins
 * the project and is signed in (an account with two-factor sign-in on gets the code step's
 * challenge instead, and is on the team already). The key is spent in the same transaction as the join.
 */
export async function acceptProjectInvite(
  ctx: AppContext,
  _actor: null,
  input: {
    inviteKey: string;
    name?: string | undefined;
    surname?: string | undefined;
    password: string;
    device?: SessionDevice;
  },
): Promise<SessionWithProject> {
  const { invite } = await findInviteOr404(ctx, input.inviteKey);
  const account = await prepareAccount(ctx, invite.email, invite.projectRole, input);

  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    if (!(await spendInvite(tx, invite.id, now))) throw notFound(MESSAGES.inviteInvalid);
    const user =
      account.kind === "existing"
        ? account.user
        : await createAccount(tx, { role: "customer", email: invite.email, ...account.details });
    // Joining by an older link must not demote someone who is already on the team.
    await addProjectMember(tx, {
      projectId: invite.projectId,
      userId: user.id,
      projectRole: teamRoleFor(invite.projectRole, user),
      invitedById: invite.invitedById,
    });
    return { ...(await issueSession(tx, user, input.device)), projectId: invite.projectId };
  });
}

type PreparedAccount =
  | { kind: "existing"; user: UserRow }
  | { kind: "new"; details: { name: string; surname: string; passwordHash: string } };

/** Signs in the invite's existing account, or checks and hashes what a new account needs (outside any transaction). */
async function prepareAccount(
  ctx: AppContext,
  email: string,
  role: InviteRole,
  input: { name?: string | undefined; surname?: string | undefined; password: string },
): Promise<PreparedAccount> {
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (!(await verifyPassword(existing.passwordHash, input.password))) {
      throw invalidLogin();
    }
    checkAccountFitsRole(role, existing);
    return { kind: "existing", user: existing };
  }
  if (!input.name || !input.surname) {
    const missing = PROJECT_MESSAGES.nameRequiredForNewAccount;
    throw badInput({ ...(input.name ? {} : { name: missing }), ...(input.surname ? {} : { surname: missing }) });
  }
  // Staff roles are never offered to new addresses, so a new account is always a customer.
  checkAccountFitsRole(role, undefined);
  const passwordHash = await hashNewPassword(input.password);
  return { kind: "new", details: { name: input.name, surname: input.surname, passwordHash } };
}
