import {
  type CustomerSummary,
  canListCustomers,
  MESSAGES,
  type SavedUser,
  type TaskSortType,
  type UpdateProfile,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, forbidden, unauthenticated } from "../../../core/errors.ts";
import { revokeUserSessions } from "../../../core/sessions/service.ts";
import { verifyPassword } from "../../../lib/passwords.ts";
import { presentCustomerSummary, presentUser } from "../presenter.ts";
import { findActiveUserById, type NewUserRow, updateUserRow } from "../repo/users.ts";
import { hashNewPassword } from "./accounts.ts";
import { assertAvatar } from "./avatar.ts";
import { requestEmailChange } from "./email-change.ts";
import { listUserPage } from "./page.ts";

/**
 * `POST /profile/update`: the caller's own details. A password change needs the current one,
 * and signs out every other session (a stolen token dies with the old password). A new e-mail
 * needs the current password too (a stolen token alone must not move the account), and waits for
 * the link sent to it: the answer's `pendingEmail` says so, and the old e-mail keeps signing in.
 */
export async function updateProfile(ctx: AppContext, actor: Actor, input: UpdateProfile): Promise<SavedUser> {
  const me = await findActiveUserById(ctx.db, actor.id);
  if (!me) throw unauthenticated();
  await assertAvatar(ctx, actor, { key: input.avatarKey, current: me.avatarKey });
  const newEmail = input.email !== undefined && input.email !== me.email ? input.email : null;
  const changes: Partial<NewUserRow> = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.surname !== undefined ? { surname: input.surname } : {}),
    ...(input.avatarKey !== undefined ? { avatarKey: input.avatarKey } : {}),
    ...(input.taskSortType !== undefined ? { taskSortType: input.taskSortType } : {}),
  };
  if (newEmail && !input.currentPassword) throw badInput({ currentPassword: MESSAGES.currentPasswordForEmail });
  if (input.newPassword || newEmail) {
    if (!input.currentPassword || !(await verifyPassword(me.passwordHash, input.currentPassword))) {
      throw badInput({ currentPassword: MESSAGES.wrongCurrentPassword });
    }
  }
  if (input.newPassword) changes.passwordHash = await hashNewPassword(input.newPassword, "newPassword");
  if (Object.keys(changes).length === 0 && !newEmail) return presentUser(me);
  return ctx.db.transaction(async (tx) => {
    const row = Object.keys(changes).length > 0 ? await updateUserRow(tx, me.id, changes) : me;
    if (!row) throw unauthenticated();
    if (changes.passwordHash) await revokeUserSessions(tx, { userId: me.id, exceptSessionId: actor.sessionId });
    if (!newEmail) return presentUser(row);
    await requestEmailChange(ctx, tx, { user: row, newEmail, actor });
    return { ...presentUser(row), pendingEmail: newEmail };
  });
}

/** `GET /profile/listCustomers`: staff pick a customer (project create), matched on name or e-mail. */
export async function listCustomers(
  ctx: AppContext,
  actor: Actor,
  query: { search?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: CustomerSummary[]; nextCursor: string | null }> {
  if (!canListCustomers(actor)) throw forbidden();
  const filter = { role: "customer" as const, ...(query.search ? { search: query.search } : {}) };
  return listUserPage(ctx.db, filter, query, presentCustomerSummary);
}

/** `POST /v3/project/updateUserTaskOrder ?sortType` (SPEC §4): the caller's task sort, kept on their account. */
export async function setTaskSortType(ctx: AppContext, actor: Actor, input: { sortType: TaskSortType }): Promise<void> {
  if (!(await updateUserRow(ctx.db, actor.id, { taskSortType: input.sortType }))) throw unauthenticated();
}
