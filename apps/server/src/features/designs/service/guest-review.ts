import {
  type contract,
  DESIGN_MESSAGES,
  type DomainEventPayloads,
  type EndpointParsed,
  type FileComment,
  GUEST_MESSAGES,
  GUEST_PASSWORD_TRIES,
  GUEST_TOKEN_PREFIX,
  type GuestLinkInfo,
  type GuestReview,
  type GuestSession,
  REVIEW_ROUND_MESSAGES,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { AppError, notFound, ruleRefused } from "../../../core/errors.ts";
import type { DomainEventInput } from "../../../core/events/event.ts";
import { tooManyRequests } from "../../../core/rate-limit/rate-limits.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { verifyPassword } from "../../../lib/passwords.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { markTaskUnseenForOthers, updateTaskStatus } from "../../tasks/index.ts";
import { loadTaskPanel } from "../panel.ts";
import { type DesignViewer, presentThread } from "../presenter.ts";
import { findComment } from "../repo/comments.ts";
import { findDesignerFile } from "../repo/files.ts";
import { insertGuestComment } from "../repo/guest-comments.ts";
import {
  findGuestShareByLink,
  findShareCreator,
  type GuestFacts,
  type GuestShareFacts,
  insertDesignGuest,
} from "../repo/guest-shares.ts";
import { listCommentRows } from "../repo/read.ts";
import { findOpenRoundForGuest } from "../repo/rounds-guests.ts";
import { tasksContextOf } from "../task-reader.ts";
import { ensureShareLive } from "./guest-access.ts";
import { decideInRoundAsGuest } from "./rounds-guest-decide.ts";

type JoinInput = EndpointParsed<typeof contract.guestReview.join>["body"];
type CommentInput = EndpointParsed<typeof contract.guestReview.comment>["body"];
type ReplyInput = EndpointParsed<typeof contract.guestReview.reply>["body"];
type DecisionInput = EndpointParsed<typeof contract.guestReview.decide>["body"];

const PASSWORD_WINDOW_MS = 15 * 60 * 1000;

/** A link by its secret: 404 when unknown, 412 (with why) when revoked or expired. */
async function findLiveShare(ctx: AppContext, link: string): Promise<GuestShareFacts> {
  const share = await findGuestShareByLink(ctx.db, hashToken(link));
  if (!share || share.taskArchivedAt !== null) throw notFound(GUEST_MESSAGES.linkNotFound);
  ensureShareLive(share, new Date());
  return share;
}

/** `POST /guest/open`: what the link is for, before the guest gives their name. */
export async function openGuestLink(ctx: AppContext, link: string): Promise<GuestLinkInfo> {
  const share = await findLiveShare(ctx, link);
  return {
    projectName: share.projectName,
    taskTitle: share.taskTitle,
    passwordRequired: share.passwordHash !== null,
    allowDecision: share.allowDecision,
  };
}

/**
 * `POST /guest/join`: a name and e-mail (and the password of a link that has one) give the guest a
 * token of their own (`atg_` + 256 random bits, stored as its SHA-256). Password tries count per
 * link, right or wrong (argon2 is costly: the count also bounds the work a caller can cause).
 */
export async function joinGuestLink(ctx: AppContext, input: JoinInput): Promise<GuestSession> {
  const share = await findLiveShare(ctx, input.link);
  if (share.passwordHash !== null) {
    if (input.password === null) throw new AppError("FORBIDDEN", GUEST_MESSAGES.passwordRequired);
    const tries = await ctx.rateLimits.counter.hit(`guest-password|${share.shareId}`, {
      windowMs: PASSWORD_WINDOW_MS,
    });
    if (tries.count > GUEST_PASSWORD_TRIES) throw tooManyRequests({ retryAfterSeconds: tries.ttlMs / 1000 });
    if (!(await verifyPassword(share.passwordHash, input.password))) {
      throw new AppError("FORBIDDEN", GUEST_MESSAGES.wrongPassword, { password: GUEST_MESSAGES.wrongPassword });
    }
  }
  const token = `${GUEST_TOKEN_PREFIX}${newToken()}`;
  const id = await insertDesignGuest(ctx.db, {
    shareId: share.shareId,
    name: input.name,
    email: input.email,
    tokenHash: hashToken(token),
  });
  return { guestToken: token, guest: { id, name: input.name, email: input.email } };
}

/**
 * How the designs presenter sees a guest: as a customer with no membership, so surnames are
 * redacted as for a viewer and no ability beyond commenting is granted (set below).
 */
const viewerOfGuest = (guest: GuestFacts): DesignViewer => ({
  actor: { id: guest.guestId, role: "customer" },
  membership: null,
});

/** `GET /guest/review`: the task's current designs (no older versions) and their comments. */
export async function readGuestReview(db: DbOrTx, guest: GuestFacts): Promise<GuestReview> {
  const facts = { designerId: guest.taskDesignerId, status: guest.taskStatus, archived: false };
  const panel = await loadTaskPanel(db, viewerOfGuest(guest), { ...facts, id: guest.taskId });
  const round = await findOpenRoundForGuest(db, guest.taskId, guest.guestId);
  const asked = round?.askedId ? round : null;
  return {
    projectName: guest.projectName,
    taskTitle: guest.taskTitle,
    taskStatus: guest.taskStatus,
    guest: { id: guest.guestId, name: guest.guestName, email: guest.guestEmail },
    allowDecision: guest.allowDecision,
    canDecide: asked !== null || (!round && guest.allowDecision && guest.taskStatus === "review"),
    reviewRound: asked && { number: asked.number, dueAt: asked.dueAt.getTime(), decision: asked.decision ?? "pending" },
    designerFileList: panel.designerFileList.map((file) => ({
      ...file,
      seenDesignerFile: true,
      previousVersions: [],
      abilities: { canAddVersion: false, canRemove: false, canComment: true, canGiveFeedback: false },
    })),
  };
}

/** A comment event by a guest: no actor (guests are not users); the payload names the guest. */
function guestCommentEvent<T extends "comment.added" | "comment.replied">(
  guest: GuestFacts,
  type: T,
  payload: Omit<DomainEventPayloads[T], "projectId" | "taskId">,
): DomainEventInput<T> {
  return {
    type,
    actorId: null,
    projectId: guest.projectId,
    subject: { type: "task", id: guest.taskId },
    payload: { ...payload, projectId: guest.projectId, taskId: guest.taskId, guestName: guest.guestName },
  } as DomainEventInput<T>;
}

/** `POST /guest/comment`: on a current design of the shared task only (another is 404). */
export async function addGuestComment(ctx: AppContext, guest: GuestFacts, input: CommentInput): Promise<FileComment> {
  const file = await findDesignerFile(ctx.db, guest.taskId, input.designerFileUuid);
  if (!file?.current) throw notFound(DESIGN_MESSAGES.designNotFound);
  if (input.pin && !file.previewable)
    throw new AppError("BAD_INPUT", DESIGN_MESSAGES.pinNeedsImage, { pin: DESIGN_MESSAGES.pinNeedsImage });
  return withTransaction(ctx, async (tx, emit) => {
    const row = await insertGuestComment(tx, {
      taskId: guest.taskId,
      designerFileId: file.id,
      parentId: null,
      guest: { id: guest.guestId, name: guest.guestName },
      body: input.comment,
      pin: input.pin,
    });
    await markTaskUnseenForOthers(tx, { id: guest.taskId, projectId: guest.projectId }, guest.guestId);
    emit(
      guestCommentEvent(guest, "comment.added", { designerFileUuid: file.id, commentId: row.id, fileName: file.name }),
    );
    return presentThread(viewerOfGuest(guest), row, [], null);
  });
}

/** `POST /guest/comment/reply`: to a thread on a current design of the shared task. */
export async function replyAsGuest(ctx: AppContext, guest: GuestFacts, input: ReplyInput): Promise<FileComment> {
  const top = await findComment(ctx.db, guest.taskId, input.commentId);
  const file = top ? await findDesignerFile(ctx.db, guest.taskId, top.designerFileId) : undefined;
  if (!top || !file?.current) throw notFound(DESIGN_MESSAGES.commentNotFound);
  if (top.parentId !== null) throw ruleRefused(DESIGN_MESSAGES.replyToReply);
  return withTransaction(ctx, async (tx, emit) => {
    const reply = await insertGuestComment(tx, {
      taskId: guest.taskId,
      designerFileId: file.id,
      parentId: top.id,
      guest: { id: guest.guestId, name: guest.guestName },
      body: input.comment,
      pin: null,
    });
    await markTaskUnseenForOthers(tx, { id: guest.taskId, projectId: guest.projectId }, guest.guestId);
    emit(
      guestCommentEvent(guest, "comment.replied", {
        designerFileUuid: file.id,
        commentId: top.id,
        replyId: reply.id,
        fileName: file.name,
      }),
    );
    const rows = await listCommentRows(tx, [guest.taskId], { commentIds: [top.id] });
    const head = rows.find((row) => row.id === top.id);
    if (!head) throw notFound(DESIGN_MESSAGES.commentNotFound);
    return presentThread(
      viewerOfGuest(guest),
      head,
      rows.filter((row) => row.parentId === top.id),
      null,
    );
  });
}

/**
 * `POST /guest/decision`: a guest asked in the task's open review round decides in the round (its
 * rule then decides the task, 060). Otherwise: approve the task or send it back for changes, when
 * the link allows it, the task is in review and no round is open (412 while one is, as for the
 * members' direct approval). The decision is taken on the authority of the link's creator, through
 * the tasks' own status change (approval logs the hours as always), and only while that person may
 * still approve: a creator who left the project takes the right with them.
 */
export async function decideAsGuest(ctx: AppContext, guest: GuestFacts, input: DecisionInput): Promise<GuestReview> {
  const round = await findOpenRoundForGuest(ctx.db, guest.taskId, guest.guestId);
  if (round?.askedId) {
    const taskStatus = await decideInRoundAsGuest(ctx, guest, round.roundId, input.decision);
    return readGuestReview(ctx.db, { ...guest, taskStatus });
  }
  if (!guest.allowDecision) throw new AppError("FORBIDDEN", GUEST_MESSAGES.decisionNotAllowed);
  if (guest.taskStatus !== "review") throw ruleRefused(GUEST_MESSAGES.notInReview);
  if (round) throw ruleRefused(REVIEW_ROUND_MESSAGES.approvalHeld);
  const creator = guest.createdById ? await findShareCreator(ctx.db, guest.createdById) : undefined;
  if (!creator) throw new AppError("FORBIDDEN", GUEST_MESSAGES.decisionNotAllowed);
  const actor: Actor = { ...creator, sessionId: guest.shareId };
  await updateTaskStatus(tasksContextOf(ctx), actor, {
    projectId: guest.projectId,
    taskId: guest.taskId,
    taskStatus: input.decision === "approved" ? "approved" : "inProgress",
  });
  return readGuestReview(ctx.db, { ...guest, taskStatus: input.decision === "approved" ? "approved" : "inProgress" });
}
