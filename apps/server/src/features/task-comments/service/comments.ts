import {
  canCommentOnTask,
  canEditTaskComment,
  canRemoveTaskComment,
  type contract,
  type DomainEventPayloads,
  type EndpointParsed,
  TASK_COMMENT_MESSAGES,
  TASK_MESSAGES,
  type TaskComment,
  type TaskConversation,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, forbidden, notFound, ruleRefused } from "../../../core/errors.ts";
import type { DomainEventInput } from "../../../core/events/event.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { loadVisibleTask, type TaskAccess } from "../../tasks/index.ts";
import { type CommentViewer, presentMention, presentThreads } from "../presenter.ts";
import {
  deleteTaskComment,
  findTaskComment,
  insertTaskComment,
  listMentionable,
  listTaskCommentRows,
  type TaskCommentFacts,
  updateTaskComment,
} from "../repo/comments.ts";

type Ref = EndpointParsed<typeof contract.taskComments.get>["params"];
type AddInput = EndpointParsed<typeof contract.taskComments.add>["body"];
type ReplyInput = EndpointParsed<typeof contract.taskComments.reply>["body"];
type EditInput = EndpointParsed<typeof contract.taskComments.edit>["body"];
type RemoveInput = EndpointParsed<typeof contract.taskComments.remove>["body"];

const viewerOf = (actor: Actor, access: TaskAccess): CommentViewer => ({ actor, membership: access.membership });

function ensureAllowed(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

/** Writing waits until an archived task is brought back (412), as on its designs. */
function ensureLive(access: TaskAccess): void {
  if (access.task.archivedAt) throw ruleRefused(TASK_MESSAGES.archived);
}

const mentionRefused = () => badInput({ mentionIds: TASK_COMMENT_MESSAGES.mentionNotOnTeam });

type TaskCommentEventType = "taskComment.added" | "taskComment.replied" | "taskComment.edited" | "taskComment.removed";

/** A task comment event: its subject is the comment written (or the reply), its payload names the task. */
function commentEvent<T extends TaskCommentEventType>(
  actor: Actor,
  access: TaskAccess,
  type: T,
  subjectId: string,
  payload: Omit<DomainEventPayloads[T], "projectId" | "taskId">,
): DomainEventInput<T> {
  const { task } = access;
  return {
    type,
    actorId: actor.id,
    projectId: task.projectId,
    subject: { type: "taskComment", id: subjectId },
    payload: { ...payload, projectId: task.projectId, taskId: task.id },
  } as DomainEventInput<T>;
}

async function findCommentOn(ctx: AppContext, access: TaskAccess, id: string): Promise<TaskCommentFacts> {
  const comment = await findTaskComment(ctx.db, access.task.id, id);
  if (!comment) throw notFound(TASK_COMMENT_MESSAGES.commentNotFound);
  return comment;
}

async function readThread(db: DbOrTx, actor: Actor, access: TaskAccess, threadId: string): Promise<TaskComment> {
  const [thread] = presentThreads(viewerOf(actor, access), await listTaskCommentRows(db, access.task.id, threadId));
  if (!thread) throw notFound(TASK_COMMENT_MESSAGES.commentNotFound);
  return thread;
}

/** `GET /v3/project/:id/task/:taskId/comments`: whoever sees the task reads its conversation. */
export async function getConversation(
  ctx: AppContext,
  actor: Actor,
  ref: Ref,
  preloaded?: PreloadedScope,
): Promise<TaskConversation> {
  const access = await loadVisibleTask(ctx, actor, { projectId: ref.id, taskId: ref.taskId }, preloaded);
  const viewer = viewerOf(actor, access);
  const [rows, team] = await Promise.all([
    listTaskCommentRows(ctx.db, access.task.id),
    listMentionable(ctx.db, access.task.projectId),
  ]);
  return {
    taskId: access.task.id,
    threads: presentThreads(viewer, rows),
    mentionable: team.map((row) => presentMention(viewer, row)),
    canComment: canCommentOnTask(actor, access.membership) && !access.task.archivedAt,
  };
}

/**
 * `POST /v3/project/task/conversation`: a new thread. Four statements besides the session (which
 * reads the task too): BEGIN, the comment with its mention check and unseen flags, the event with
 * the members' notifications, COMMIT.
 */
export async function addTaskComment(
  ctx: AppContext,
  actor: Actor,
  input: AddInput,
  preloaded?: PreloadedScope,
): Promise<TaskComment> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canCommentOnTask(actor, access.membership));
  ensureLive(access);
  const mentionIds = [...new Set(input.mentionIds)];
  return withTransaction(ctx, async (tx, emit) => {
    const row = await insertTaskComment(tx, {
      task: access.task,
      parentId: null,
      authorId: actor.id,
      body: input.comment,
      mentionIds,
    });
    if (!row) throw mentionRefused();
    emit(commentEvent(actor, access, "taskComment.added", row.id, { commentId: row.id, mentionIds }));
    // A new thread is this one comment: presented from the row just written, no read back.
    const [thread] = presentThreads(viewerOf(actor, access), [row]);
    if (!thread) throw new Error("a new comment presented no thread");
    return thread;
  });
}

/** `POST /v3/project/task/conversation/reply`: to a thread's first comment (one level, as on designs). */
export async function replyToTaskComment(
  ctx: AppContext,
  actor: Actor,
  input: ReplyInput,
  preloaded?: PreloadedScope,
): Promise<TaskComment> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  const top = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canCommentOnTask(actor, access.membership));
  ensureLive(access);
  if (top.parentId !== null) throw ruleRefused(TASK_COMMENT_MESSAGES.replyToReply);
  const mentionIds = [...new Set(input.mentionIds)];
  return withTransaction(ctx, async (tx, emit) => {
    const row = await insertTaskComment(tx, {
      task: access.task,
      parentId: top.id,
      authorId: actor.id,
      body: input.comment,
      mentionIds,
    });
    if (!row) throw mentionRefused();
    emit(
      commentEvent(actor, access, "taskComment.replied", row.id, {
        commentId: top.id,
        replyId: row.id,
        parentAuthorId: top.authorId,
        mentionIds,
      }),
    );
    return readThread(tx, actor, access, top.id);
  });
}

/** `POST /v3/project/task/conversation/edit`: authors only; the new mentions are checked, not notified again. */
export async function editTaskComment(
  ctx: AppContext,
  actor: Actor,
  input: EditInput,
  preloaded?: PreloadedScope,
): Promise<TaskComment> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  const comment = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canEditTaskComment(actor, comment) && canCommentOnTask(actor, access.membership));
  ensureLive(access);
  return withTransaction(ctx, async (tx, emit) => {
    const changed = await updateTaskComment(tx, {
      id: comment.id,
      projectId: access.task.projectId,
      body: input.comment,
      mentionIds: [...new Set(input.mentionIds)],
    });
    if (!changed) throw mentionRefused();
    emit(commentEvent(actor, access, "taskComment.edited", comment.id, { commentId: comment.id }));
    return readThread(tx, actor, access, comment.parentId ?? comment.id);
  });
}

/**
 * `POST /v3/project/task/conversation/remove`: author or staff; a thread goes with its replies,
 * and the messages their events wrote leave everyone's feed (NOTIFICATION_RETRACTIONS).
 */
export async function removeTaskComment(
  ctx: AppContext,
  actor: Actor,
  input: RemoveInput,
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  const comment = await findCommentOn(ctx, access, input.commentId);
  ensureAllowed(canRemoveTaskComment(actor, access.membership, comment));
  await withTransaction(ctx, async (tx, emit) => {
    const removedIds = await deleteTaskComment(tx, comment.id);
    emit(commentEvent(actor, access, "taskComment.removed", comment.id, { commentId: comment.id, removedIds }));
  });
}
