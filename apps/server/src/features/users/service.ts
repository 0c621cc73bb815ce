import {
  canChangeUserRole,
  canCreateUserWithRole,
  canManageUsers,
  canRemoveUser,
  canUpdateUser,
  MESSAGES,
  type Role,
  type SaveUser,
  type User,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../core/context.ts";
import { badInput, forbidden, notFound } from "../../core/errors.ts";
import { revokeUserSessions } from "../../core/sessions/service.ts";
import { isUploadedImage } from "../files/index.ts";
import { createAccount, emailTaken, guardUniqueEmail, hashNewPassword } from "./accounts.ts";
import { listUserPage } from "./page.ts";
import { presentUser } from "./presenter.ts";
import { findActiveUserById, isEmailTaken, markUserDeleted, type NewUserRow, updateUserRow } from "./repo.ts";

/** `POST /user`: creates a user without `id`, updates that user with it. */
export async function saveUser(ctx: AppContext, actor: Actor, input: SaveUser): Promise<User> {
  if (!canManageUsers(actor)) throw forbidden();
  return input.id ? updateUser(ctx, actor, { ...input, id: input.id }) : createUser(ctx, actor, input);
}

async function createUser(ctx: AppContext, actor: Actor, input: SaveUser): Promise<User> {
  // The schema already requires both on create; this narrows the types.
  const { role, password } = input;
  if (!role) throw badInput({ role: "Role is required" });
  if (!canCreateUserWithRole(actor, role)) throw forbidden();
  if (!password) throw badInput({ password: "Password is required" });
  if (input.avatarKey) await assertAvatar(ctx, actor, input.avatarKey);
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

async function updateUser(ctx: AppContext, actor: Actor, input: SaveUser & { id: string }): Promise<User> {
  const target = await findActiveUserById(ctx.db, input.id);
  if (!target) throw notFound();
  if (!canUpdateUser(actor, target)) throw forbidden();
  if (input.role && input.role !== target.role && !canChangeUserRole(actor, target)) throw forbidden();
  if (input.avatarKey) await assertAvatar(ctx, actor, input.avatarKey);
  return guardUniqueEmail(async () => {
    if (await isEmailTaken(ctx.db, input.email, target.id)) throw emailTaken();
    const row = await updateUserRow(ctx.db, target.id, {
      email: input.email,
      name: input.name,
      surname: input.surname,
      ...(input.role ? { role: input.role } : {}),
      ...(input.avatarKey !== undefined ? { avatarKey: input.avatarKey } : {}),
      ...moneyAndTime(input),
    });
    if (!row) throw notFound();
    return presentUser(row);
  });
}

/** `GET /user/list`: staff only, newest first. */
export async function listUsers(
  ctx: AppContext,
  actor: Actor,
  query: { role?: Role | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: User[]; nextCursor: string | null }> {
  if (!canManageUsers(actor)) throw forbidden();
  return listUserPage(ctx.db, query.role ? { role: query.role } : {}, query, presentUser);
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

/** An avatar must be an image someone uploaded here, so the web never shows foreign content. */
export async function assertAvatar(ctx: AppContext, actor: Actor, key: string): Promise<void> {
  if (!(await isUploadedImage(ctx, actor, { key }))) throw badInput({ avatarKey: MESSAGES.avatarNotImage });
}

function moneyAndTime(input: SaveUser): Partial<NewUserRow> {
  return {
    ...(input.hourRate !== undefined ? { hourRateCents: Math.round(input.hourRate * 100) } : {}),
    ...(input.dailyAvailability !== undefined ? { dailyAvailability: input.dailyAvailability } : {}),
  };
}
