import {
  canChangeUserEmail,
  canChangeUserRole,
  canCreateUserWithRole,
  canManageUsers,
  canRemoveUser,
  canUpdateUser,
  MESSAGES,
  type Role,
  type SavedUser,
  type SaveUser,
  type User,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, forbidden, notFound } from "../../../core/errors.ts";
import { revokeUserSessions } from "../../../core/sessions/service.ts";
import { presentUser } from "../presenter.ts";
import { findActiveUserById, markUserDeleted, type NewUserRow, updateUserRow } from "../repo/users.ts";
import { createAccount, hashNewPassword } from "./accounts.ts";
import { assertAvatar } from "./avatar.ts";
import { requestEmailChange } from "./email-change.ts";
import { listUserPage } from "./page.ts";

/** `POST /user`: creates a user without `id`, updates that user with it. */
export async function saveUser(ctx: AppContext, actor: Actor, input: SaveUser): Promise<SavedUser> {
  if (!canManageUsers(actor)) throw forbidden();
  return input.id ? updateUser(ctx, actor, { ...input, id: input.id }) : createUser(ctx, actor, input);
}

async function createUser(ctx: AppContext, actor: Actor, input: SaveUser): Promise<User> {
  // The schema already requires both on create; this narrows the types.
  const { role, password } = input;
  if (!role) throw badInput({ role: "Role is required" });
  if (!canCreateUserWithRole(actor, role)) throw forbidden();
  if (!password) throw badInput({ password: "Password is required" });
  await assertAvatar(ctx, actor, { key: input.avatarKey });
  const passwordHash = await hashNewPassword(password);
  const row = await createAccount(ctx.db, {
    email: input.email,
    name: input.name,
    surname: input.surname,
    role,
    passwordHash,
    avatarKey: input.avatarKey ?? null,
    ...moneyAndTime(input),
  });
  return presentUser(row);
}

/**
 * Updates a designer or projectManager (or the actor's own details). A different `email` is not
 * written: it becomes a pending change confirmed from the new address (the old one is told), and
 * the answer's `pendingEmail` says so. One's own e-mail changes in settings, with the password.
 */
async function updateUser(ctx: AppContext, actor: Actor, input: SaveUser & { id: string }): Promise<SavedUser> {
  const target = await findActiveUserById(ctx.db, input.id);
  if (!target) throw notFound();
  if (!canUpdateUser(actor, target)) throw forbidden();
  if (input.role && input.role !== target.role && !canChangeUserRole(actor, target)) throw forbidden();
  const newEmail = input.email !== target.email ? input.email : null;
  if (newEmail && target.id === actor.id) throw badInput({ email: MESSAGES.ownEmailInSettings });
  if (newEmail && !canChangeUserEmail(actor, target)) throw forbidden();
  await assertAvatar(ctx, actor, { key: input.avatarKey, current: target.avatarKey });
  return ctx.db.transaction(async (tx) => {
    const row = await updateUserRow(tx, target.id, {
      name: input.name,
      surname: input.surname,
      ...(input.role ? { role: input.role } : {}),
      ...(input.avatarKey !== undefined ? { avatarKey: input.avatarKey } : {}),
      ...moneyAndTime(input),
    });
    if (!row) throw notFound();
    if (!newEmail) return presentUser(row);
    await requestEmailChange(ctx, tx, { user: row, newEmail, actor });
    return { ...presentUser(row), pendingEmail: newEmail };
  });
}

/** `GET /user/list`: staff only, newest first, narrowed by role and by name or e-mail words (`q`). */
export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: { role?: Role | undefined; q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: User[]; nextCursor: string | null }> {
  if (!canManageUsers(actor)) throw forbidden();
  const filter = { ...(query.role ? { role: query.role } : {}), ...(query.q ? { search: query.q } : {}) };
  return listUserPage(ctx.db, filter, query, presentUser);
}

/** `DELETE /user/{id}`: soft delete (their work keeps its author), and they are signed out everywhere. */
export async function removeUser(ctx: AppContext, actor: Actor, input: { id: string }): Promise<void> {
  const { id } = input;
  if (!canManageUsers(actor)) throw forbidden();
  if (id === actor.id) throw forbidden(MESSAGES.cannotRemoveSelf);
  const target = await findActiveUserById(ctx.db, id);
  if (!target) throw notFound();
  if (!canRemoveUser(actor, target)) throw forbidden();
  await ctx.db.transaction(async (tx) => {
    await markUserDeleted(tx, target.id);
    await revokeUserSessions(tx, { userId: target.id });
  });
}

function moneyAndTime(input: SaveUser): Partial<NewUserRow> {
  return {
    ...(input.hourRate !== undefined ? { hourRateCents: Math.round(input.hourRate * 100) } : {}),
    ...(input.dailyAvailability !== undefined ? { dailyAvailability: input.dailyAvailability } : {}),
  };
}
