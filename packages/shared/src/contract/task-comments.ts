import { okSchema } from "../schemas/common.ts";
import { taskPathParams } from "../schemas/task.ts";
import {
  addTaskCommentSchema,
  editTaskCommentSchema,
  removeTaskCommentSchema,
  replyTaskCommentSchema,
  taskCommentSchema,
  taskConversationSchema,
} from "../schemas/task-comment.ts";
import { endpoint } from "./endpoint.ts";

const tag = "task comments";

/**
 * The conversation on a task itself (issue 29): comments that need no design file, so people
 * talk in a task before the first upload. SPEC names none of these calls (contract decision);
 * they mirror the design comment calls: a task the caller cannot see, or a comment not on that
 * task, answers 404; a visible target the caller may not change, 403; calls on one thread answer
 * that thread. `mentionIds` name team members the text mentions with @.
 */
export const taskCommentsContract = {
  get: endpoint({
    method: "GET",
    path: "/v3/project/:id/task/:taskId/comments",
    summary: "The task's conversation: threads oldest first with replies, and who may be mentioned",
    tag,
    auth: true,
    params: taskPathParams,
    response: taskConversationSchema,
  }),
  add: endpoint({
    method: "POST",
    path: "/v3/project/task/conversation",
    summary: "Start a thread in the task's conversation, optionally mentioning team members",
    tag,
    auth: true,
    body: addTaskCommentSchema,
    response: taskCommentSchema,
  }),
  reply: endpoint({
    method: "POST",
    path: "/v3/project/task/conversation/reply",
    summary: "Reply to a thread of the task's conversation (answers the thread)",
    tag,
    auth: true,
    body: replyTaskCommentSchema,
    response: taskCommentSchema,
  }),
  edit: endpoint({
    method: "POST",
    path: "/v3/project/task/conversation/edit",
    summary: "Change the text (and mentions) of one's own task comment or reply (answers the thread)",
    tag,
    auth: true,
    body: editTaskCommentSchema,
    response: taskCommentSchema,
  }),
  remove: endpoint({
    method: "POST",
    path: "/v3/project/task/conversation/remove",
    summary: "Remove a task comment (with its replies) or a reply (author, staff); its messages go too",
    tag,
    auth: true,
    body: removeTaskCommentSchema,
    response: okSchema,
  }),
};
