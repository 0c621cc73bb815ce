import { Readable } from "node:stream";
import { COMMENT_FILES_MAX, replyCommentSchema, replyTaskCommentSchema } from "@atelier/shared";
import type { z } from "zod";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput } from "../../../core/errors.ts";
import { REPLYABLE_EVENTS, type ReplyableEvent } from "../../../mail/reply-address.ts";
import { addChatFiles, replyToComment } from "../../designs/index.ts";
import { deleteStoredUploads, forgetUploads, uploadFile } from "../../files/index.ts";
import { replyToTaskComment } from "../../task-comments/index.ts";
import type { InboundAttachment } from "./message.ts";

/** The thread a reply address leads to, as the comment services name it. */
export interface ReplyThread {
  eventType: ReplyableEvent;
  projectId: string;
  taskId: string;
  /** the thread's first comment */
  commentId: string;
}

/**
 * Posts the reply through the SAME services as a reply written in the app, so every rule holds
 * as there: the person must still see the task and may comment on it (403 or 404 otherwise), an
 * archived task refuses (412), and the event, its notifications and the realtime message follow.
 * The input passes the calls' own schemas first (text length, attachment count). Answers the id
 * of the reply written.
 */
export async function postReply(
  ctx: AppContext,
  actor: Actor,
  thread: ReplyThread,
  reply: { text: string; attachments: readonly InboundAttachment[] },
): Promise<string> {
  const ref = { projectId: thread.projectId, taskId: thread.taskId, commentId: thread.commentId };
  if (REPLYABLE_EVENTS[thread.eventType] === "task") {
    // The task conversation takes no files (issue 25): they are left out, the text is posted.
    const input = parsed(replyTaskCommentSchema, { ...ref, comment: reply.text, mentionIds: [] });
    const answer = await replyToTaskComment(ctx, actor, input);
    return newestReplyId(answer.replies, actor, answer.id);
  }
  parsed(replyCommentSchema, { ...ref, comment: reply.text, attachmentKeys: [] });
  if (reply.attachments.length > COMMENT_FILES_MAX) {
    throw badInput({ attachmentKeys: `At most ${COMMENT_FILES_MAX} files` });
  }
  const keys: string[] = [];
  try {
    for (const attachment of reply.attachments) {
      const stored = await uploadFile(ctx, actor, {
        purpose: "attachment",
        file: { stream: Readable.from(attachment.content), filename: attachment.filename },
      });
      keys.push(stored.key);
    }
    if (keys.length > 0) await addChatFiles(ctx, actor, { projectId: thread.projectId, chatFileKeys: keys });
    const input = parsed(replyCommentSchema, { ...ref, comment: reply.text, attachmentKeys: keys });
    const answer = await replyToComment(ctx, actor, input);
    return newestReplyId(answer.fileCommentReplyList, actor, answer.id);
  } catch (error) {
    // A refused reply keeps none of its files.
    if (keys.length > 0) await deleteStoredUploads(ctx, await forgetUploads(ctx.db, keys).catch(() => keys));
    throw error;
  }
}

function parsed<S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  throw badInput(fields);
}

/** The actor's newest reply in the thread answered (replies come oldest first). */
function newestReplyId(replies: ReadonlyArray<{ id: string; userId: string | null }>, actor: Actor, fallback: string) {
  return replies.findLast((reply) => reply.userId === actor.id)?.id ?? fallback;
}
