import {
  type CreatedGuestShare,
  canShareWithGuests,
  type contract,
  type EndpointParsed,
  GUEST_MESSAGES,
  GUEST_SHARE_MAX_DAYS,
  GUEST_SHARES_PER_TASK,
  type GuestShares,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { hashPassword } from "../../../lib/passwords.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { presentGuestShares } from "../guest-presenter.ts";
import { lockTaskDesigns } from "../repo/files.ts";
import { countLiveGuestShares, insertGuestShare, listGuestShares, revokeGuestShare } from "../repo/guest-shares.ts";
import { ensureAllowed, ensureLive, loadDesignTask } from "./access.ts";

type ListParams = EndpointParsed<typeof contract.guestShares.list>["params"];
type CreateInput = EndpointParsed<typeof contract.guestShares.create>["body"];
type RevokeInput = EndpointParsed<typeof contract.guestShares.revoke>["body"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** `GET …/guest-shares`: whoever sees the task sees its links (never their secrets). */
export async function listTaskGuestShares(
  ctx: AppContext,
  actor: Actor,
  params: ListParams,
  preloaded?: PreloadedScope,
): Promise<GuestShares> {
  const access = await loadDesignTask(ctx, actor, { projectId: params.id, taskId: params.taskId }, preloaded);
  return {
    items: presentGuestShares(actor, await listGuestShares(ctx.db, access.task.id)),
    canShare: canShareWithGuests(actor, access.membership) && access.task.archivedAt === null,
  };
}

/**
 * `POST /v3/project/task/guest-share` (owner, editor, staff): a new link. Its secret (256 random
 * bits) is answered once and stored as its SHA-256; the password, if any, as argon2id.
 */
export async function createGuestShare(
  ctx: AppContext,
  actor: Actor,
  input: CreateInput,
  preloaded?: PreloadedScope,
): Promise<CreatedGuestShare> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  ensureAllowed(canShareWithGuests(actor, access.membership));
  ensureLive(access);
  const now = new Date();
  if (input.expiresAt !== null && input.expiresAt <= now.getTime()) {
    throw badInput({ expiresAt: GUEST_MESSAGES.expiryInPast });
  }
  if (input.expiresAt !== null && input.expiresAt > now.getTime() + GUEST_SHARE_MAX_DAYS * DAY_MS) {
    throw badInput({ expiresAt: GUEST_MESSAGES.expiryTooFar });
  }
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  const link = newToken();
  const shareId = await withTransaction(ctx, async (tx) => {
    // Serialised with the task's other design changes, so two creates cannot both pass the count.
    await lockTaskDesigns(tx, access.task.id);
    if ((await countLiveGuestShares(tx, access.task.id, now)) >= GUEST_SHARES_PER_TASK) {
      throw ruleRefused(GUEST_MESSAGES.tooManyShares);
    }
    return insertGuestShare(tx, {
      projectId: access.project.id,
      taskId: access.task.id,
      linkHash: hashToken(link),
      passwordHash,
      allowDecision: input.allowDecision,
      createdById: actor.id,
      expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
    });
  });
  const share = presentGuestShares(actor, await listGuestShares(ctx.db, access.task.id)).find(
    (item) => item.id === shareId,
  );
  if (!share) throw new Error("the new link is not listed");
  return { link, share };
}

/** `POST …/guest-share/revoke` (owner, editor, staff): the link and its guests' tokens stop at once. */
export async function revokeTaskGuestShare(
  ctx: AppContext,
  actor: Actor,
  input: RevokeInput,
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  ensureAllowed(canShareWithGuests(actor, access.membership));
  if (!(await revokeGuestShare(ctx.db, access.task.id, input.shareId, new Date()))) {
    throw notFound(GUEST_MESSAGES.shareNotFound);
  }
}
