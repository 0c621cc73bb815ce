import { z } from "zod";
import { TASK_COMMENT_MENTIONS_MAX } from "../limits.ts";
import { idSchema } from "./common.ts";
import { commentTextSchema } from "./design.ts";

// ---------------------------------------------------------------- output

/** A team member named in a comment with @, as the caller may see them (surname redacted unless admin). */
export const mentionSchema = z.object({ userId: idSchema, name: z.string() });
export type Mention = z.infer<typeof mentionSchema>;

/** What the caller may do with a task comment (shared/permissions/task-comments, computed by the server). */
export const taskCommentAbilitiesSchema = z.object({ canEdit: z.boolean(), canRemove: z.boolean() });

const taskCommentFields = {
  id: idSchema,
  /** epoch ms */
  timestamp: z.number(),
  comment: z.string(),
  userId: idSchema.nullable(),
  userFirstName: z.string(),
  /** redacted like the team list: an initial and a dot unless the caller is admin */
  userSecondName: z.string(),
  /** epoch ms of the last edit; null when never edited */
  editedAt: z.number().nullable(),
  /** the team members the text names with @ (members since removed from the team stay named) */
  mentions: z.array(mentionSchema),
  abilities: taskCommentAbilitiesSchema,
};

export const taskCommentReplySchema = z.object(taskCommentFields);
export type TaskCommentReply = z.infer<typeof taskCommentReplySchema>;

/** A thread of the task's conversation: its first comment with its replies, oldest first. */
export const taskCommentSchema = z.object({ ...taskCommentFields, replies: z.array(taskCommentReplySchema) });
export type TaskComment = z.infer<typeof taskCommentSchema>;

/**
 * The conversation on a task (issue 29): threads oldest first, who may be mentioned (the active
 * team, as the caller may see their names) and whether the caller may write.
 */
export const taskConversationSchema = z.object({
  taskId: idSchema,
  threads: z.array(taskCommentSchema),
  mentionable: z.array(mentionSchema),
  canComment: z.boolean(),
});
export type TaskConversation = z.infer<typeof taskConversationSchema>;

// ---------------------------------------------------------------- input

const taskRef = { projectId: idSchema, taskId: idSchema };

/** Ids of the team members the text names with @; each must be on the project's active team (400). */
const mentionIds = z
  .array(idSchema)
  .max(TASK_COMMENT_MENTIONS_MAX, { message: `Mention at most ${TASK_COMMENT_MENTIONS_MAX} people` })
  .default([]);

export const addTaskCommentSchema = z.object({ ...taskRef, comment: commentTextSchema, mentionIds });
export type AddTaskCommentInput = z.input<typeof addTaskCommentSchema>;
export const replyTaskCommentSchema = z.object({
  ...taskRef,
  commentId: idSchema,
  comment: commentTextSchema,
  mentionIds,
});
export const editTaskCommentSchema = z.object({
  ...taskRef,
  commentId: idSchema,
  comment: commentTextSchema,
  mentionIds,
});
export const removeTaskCommentSchema = z.object({ ...taskRef, commentId: idSchema });
