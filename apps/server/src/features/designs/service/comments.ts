import {
  type ChatFiles,
  canAddChatFile,
  canCommentOnDesigns,
  canEditComment,
  canRemoveComment,
  canResolveComment,
  type contract,
  DESIGN_MESSAGES,
  type EndpointParsed,
  type FileComment,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import { uploadsOwnedBy } from "../../files/index.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentThread } from "../presenter.ts";
import {
  type CommentFacts,
  deleteComment,
  findComment,
  insertComment,
  registerCommentFiles,
  updateComment,
} from "../repo/comments.ts";
import { findAttachedKeys, findDesignerFile, findFileInfos } from "../repo/files.ts";
import { findCommentsSeenAt, listCommentRows } from "../repo/read.ts";
import { designEvent, ensureAllowed, ensureLive, loadDesignTask, type TaskAccess, viewerOf } from "./access.ts";
import { ensureCommentAnchor } from "./comment-anchor.ts";
import { mailGuestOfReply } from "./guest-mail.ts";

type AddInput = EndpointParsed<typeof contract.designs.addComment>["body"];
type ReplyInput = EndpointParsed<typeof contract.designs.reply>["body"];
type EditInput = EndpointParsed<typeof contract.designs.editComment>["body"];
type RemoveInput = EndpointParsed<typeof contract.designs.removeComment>["body"];
type ResolveInput = EndpointParsed<typeof contract.designs.resolveComment>["body"];
type ChatFileInput = EndpointParsed<typeof contract.designs.addChatFile>["body"];

/** A comment (or reply) of this task by id; another task's comment is 404 like an unknown one. */
async function findCommentOn(ctx: AppContext, access: TaskAccess, id: string): Promise<CommentFacts> {
  const comment = await findComment(ctx.db, access.task.id, id);
  if (!comment) throw notFound(DESIGN_MESSAGES.commentNotFound);
  return comment;
}

/** The thread holding `comment` (its first comment with replies), read in `tx`, for the actor. */
async function readThread(tx: Tx, actor: Actor, access: TaskAccess, topId: string, fileId: string) {
  const rows = await listCommentRows(tx, [access.task.id], { commentIds: [topId] });
  const top = rows.find((row) => row.id === topId);
  if (!top) throw notFound(DESIGN_MESSAGES.commentNotFound);
  const seenAt = await findCommentsSeenAt(tx, actor.id, fileId);
  return presentThread(
    viewerOf(actor, access),
    top,
    rows.filter((row) => row.parentId === topId),
    seenAt,
  );
}

/** Attachment keys must be registered by the author on this project and on no comment yet (400). */
function ensureAttached(keys: readonly string[], linked: readonly string[]): void {
  const done = new Set(linked);
  const fields: Record<string, string> = {};
  keys.forEach((key, index) => {
    if (!done.has(key)) fields[`attachmentKeys.${index}`] = DESIGN_MESSAGES.fileNotYours;
  });
  if (Object.keys(fields).length > 0) throw badInput(fields);
}

/** `POST /v3/project/task/comment`: anyone on the project, on any version; pins only on images. */
export async function addComment(
  ctx: AppContext,
  actor: Actor,
  input: AddInput,
  preloaded?: PreloadedScope,
): Promise<FileComment> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const file = await findDesignerFile(ctx.db, access.task.id, input.designerFileUuid);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  ensureAllowed(canCommentOnDesigns(actor, access.membership));
  ensureLive(access);
  ensureCommentAnchor(file, input);
  // Six statements in all: session, file, and in the transaction the comment with its
  // attachments and unseen flags, the event with its notifications (core/transaction.ts).
  return withTransaction(ctx, async (tx, emit) => {
    const { comment, linked } = await insertComment(tx, {
      task: access.task,
      designerFileId: file.id,
      parentId: null,
      authorId: actor.id,
      body: input.comment,
      pin: input.pin,
      atMs: input.atMs,
      page: input.page,
      attachmentKeys: input.attachmentKeys,
    });
    ensureAttached(input.attachmentKeys, linked);
    emit(
      designEvent(actor, access.task, "comment.added", {
        designerFileUuid: file.id,
        commentId: comment.id,
        fileName: file.name,
      }),
    );
    // A new thread is this one comment, the author's own (seen whatever their seen time).
    return presentThread(viewerOf(actor, access), comment, [], null);
  });
}

/** `POST /v3/project/task/comment/reply`: to a thread's first comment on this task. */
export async function replyToComment(
  ctx: AppContext,
  actor: Actor,
  input: ReplyInput,
  preloaded?: PreloadedScope,
): Promise<FileComment> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const top = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canCommentOnDesigns(actor, access.membership));
  ensureLive(access);
  if (top.parentId !== null) throw ruleRefused(DESIGN_MESSAGES.replyToReply);
  const file = await findDesignerFile(ctx.db, access.task.id, top.designerFileId);
  return withTransaction(ctx, async (tx, emit) => {
    const { comment, linked } = await insertComment(tx, {
      task: access.task,
      designerFileId: top.designerFileId,
      parentId: top.id,
      authorId: actor.id,
      body: input.comment,
      pin: null,
      atMs: null,
      page: null,
      attachmentKeys: input.attachmentKeys,
    });
    ensureAttached(input.attachmentKeys, linked);
    emit(
      designEvent(actor, access.task, "comment.replied", {
        designerFileUuid: top.designerFileId,
        commentId: top.id,
        replyId: comment.id,
        fileName: file?.name ?? "",
      }),
    );
    // A guest reviewer's thread (issue 23): they have no feed, so they hear of it by e-mail.
    if (top.guestId) {
      await mailGuestOfReply(ctx, tx, {
        guestId: top.guestId,
        replier: actor,
        fileName: file?.name ?? "",
        taskTitle: access.task.title,
        reply: input.comment,
      });
    }
    return readThread(tx, actor, access, top.id, top.designerFileId);
  });
}

/** `POST /v3/project/task/comment/edit`: authors only. */
export async function editComment(
  ctx: AppContext,
  actor: Actor,
  input: EditInput,
  preloaded?: PreloadedScope,
): Promise<FileComment> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const comment = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canEditComment(actor, comment) && canCommentOnDesigns(actor, access.membership));
  ensureLive(access);
  return withTransaction(ctx, async (tx, emit) => {
    await updateComment(tx, comment.id, { body: input.comment, editedAt: new Date() });
    emit(
      designEvent(actor, access.task, "comment.edited", {
        designerFileUuid: comment.designerFileId,
        commentId: comment.id,
      }),
    );
    return readThread(tx, actor, access, comment.parentId ?? comment.id, comment.designerFileId);
  });
}

/** `POST /v3/project/task/comment/remove`: author or staff; a thread goes with its replies. */
export async function removeComment(
  ctx: AppContext,
  actor: Actor,
  input: RemoveInput,
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const comment = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canRemoveComment(actor, access.membership, comment));
  await withTransaction(ctx, async (tx, emit) => {
    await deleteComment(tx, comment.id);
    emit(
      designEvent(actor, access.task, "comment.removed", {
        designerFileUuid: comment.designerFileId,
        commentId: comment.id,
      }),
    );
  });
}

/** `POST /v3/project/task/comment/resolve`: resolve or reopen a thread (author, staff, owner, editor). */
export async function resolveComment(
  ctx: AppContext,
  actor: Actor,
  input: ResolveInput,
  preloaded?: PreloadedScope,
): Promise<FileComment> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const comment = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canResolveComment(actor, access.membership, comment));
  ensureLive(access);
  if (comment.parentId !== null) throw ruleRefused(DESIGN_MESSAGES.replyToReply);
  return withTransaction(ctx, async (tx, emit) => {
    await updateComment(tx, comment.id, { active: input.activeComment });
    emit(
      designEvent(actor, access.task, "comment.resolved", {
        designerFileUuid: comment.designerFileId,
        commentId: comment.id,
        activeComment: input.activeComment,
      }),
    );
    return readThread(tx, actor, access, comment.id, comment.designerFileId);
  });
}

/**
 * `POST /v3/project/addChatFile`: registers the caller's own uploads, not attached anywhere yet,
 * as files they may attach to comments on this project (400 per key otherwise).
 */
export async function addChatFiles(
  ctx: AppContext,
  actor: Actor,
  input: ChatFileInput,
  preloaded?: PreloadedScope,
): Promise<ChatFiles> {
  const access = await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  ensureAllowed(canAddChatFile(actor, access.membership));
  const keys = [...new Set(input.chatFileKeys)];
  const owned = await uploadsOwnedBy(ctx.db, actor.id, keys);
  const attached = await findAttachedKeys(ctx.db, keys);
  const fields: Record<string, string> = {};
  input.chatFileKeys.forEach((key, index) => {
    if (!owned.has(key)) fields[`chatFileKeys.${index}`] = DESIGN_MESSAGES.fileNotYours;
    else if (attached.has(key)) fields[`chatFileKeys.${index}`] = DESIGN_MESSAGES.fileAlreadyAttached;
  });
  if (Object.keys(fields).length > 0) throw badInput(fields);
  return withTransaction(ctx, async (tx) => {
    const registered = await registerCommentFiles(tx, { projectId: input.projectId, addedById: actor.id, keys });
    // A concurrent call registered one of them first: refuse the whole call (rolled back).
    if (registered.length !== keys.length) throw badInput({ chatFileKeys: DESIGN_MESSAGES.fileAlreadyAttached });
    return { files: await findFileInfos(tx, keys) };
  });
}
