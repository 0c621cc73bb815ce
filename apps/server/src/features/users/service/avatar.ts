import { MESSAGES } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput } from "../../../core/errors.ts";
import { isOwnAvatarUpload } from "../../files/index.ts";

/**
 * A new avatar must be an image the actor uploaded as an avatar (400 on `avatarKey`), so nobody
 * can put another user's file (a customer's design) on show as a face. Keeping the current
 * avatar is always fine: a designer's own upload stays when an admin renames them.
 */
export async function assertAvatar(
  ctx: AppContext,
  actor: Actor,
  input: { key: string | null | undefined; current?: string | null | undefined },
): Promise<void> {
  const { key, current } = input;
  if (!key || key === current) return;
  if (!(await isOwnAvatarUpload(ctx, actor, { key }))) throw badInput({ avatarKey: MESSAGES.avatarNotImage });
}
