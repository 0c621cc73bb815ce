import { okSchema } from "../schemas/common.ts";
import {
  addChatFileSchema,
  addCommentSchema,
  addDesignSchema,
  addDesignVersionSchema,
  chatFilesSchema,
  commentsSeenSchema,
  designFeedbackBodySchema,
  designFeedbackParams,
  designSeenSchema,
  editCommentSchema,
  fileCommentSchema,
  removeAllDesignsSchema,
  removeCommentSchema,
  removeDesignSchema,
  replyCommentSchema,
  resolveCommentSchema,
  taskDesignsSchema,
  updateDesignFileOrderSchema,
  zipLinkSchema,
} from "../schemas/design.ts";
import { taskPathParams, taskSchema } from "../schemas/task.ts";
import { setDesignPosterSchema } from "../schemas/video.ts";
import { endpoint } from "./endpoint.ts";

const tag = "designs";

/**
 * Designs and review of a task (SPEC §7 task design calls, issue 8). As for tasks: a task the
 * caller cannot see, or a file or comment not on that task, answers 404; a visible target the
 * caller may not change, 403; a rule refusing the change now, 412 with a sentence.
 * Contract decisions: calls that change designs answer the task panel's designs
 * (`taskDesigns`) so the web replaces its copy; calls on one comment thread answer that thread;
 * approve and feedback change the task's status, so they answer the task (whose
 * `designerFileList` holds the same designer files).
 */
export const designsContract = {
  // Contract decision: SPEC names no read of a task's designs; the task panel loads them here.
  get: endpoint({
    method: "GET",
    path: "/v3/project/:id/task/:taskId/designs",
    summary: "The task's designer files in order, with versions, comments, replies and feedback",
    tag,
    auth: true,
    params: taskPathParams,
    response: taskDesignsSchema,
  }),
  addDesign: endpoint({
    method: "POST",
    path: "/v3/project/task/addDesign",
    summary: "Attach the caller's uploads as designer files (assigned designer, staff), at the end",
    tag,
    auth: true,
    body: addDesignSchema,
    response: taskDesignsSchema,
  }),
  // Contract decision: SPEC names no call for versions; a new version replaces the file in place.
  addDesignVersion: endpoint({
    method: "POST",
    path: "/v3/project/task/addDesignVersion",
    summary: "Attach an upload as a new version of a current designer file (its uploader, staff)",
    tag,
    auth: true,
    body: addDesignVersionSchema,
    response: taskDesignsSchema,
  }),
  // Contract decision (decision 058): a video's poster, captured in the uploader's browser.
  setDesignPoster: endpoint({
    method: "POST",
    path: "/v3/project/task/designPoster",
    summary: "Set a video version's poster to the caller's image upload (its uploader, staff)",
    tag,
    auth: true,
    body: setDesignPosterSchema,
    response: taskDesignsSchema,
  }),
  removeDesign: endpoint({
    method: "POST",
    path: "/v3/project/task/removeDesign",
    summary: "Remove a designer file with all its versions and comments (its uploader, staff)",
    tag,
    auth: true,
    body: removeDesignSchema,
    response: taskDesignsSchema,
  }),
  // Contract decision: the second "remove designer files" dialog (SPEC §2) removes them all at once.
  removeAllDesigns: endpoint({
    method: "POST",
    path: "/v3/project/task/removeAllDesigns",
    summary: "Remove every designer file of the task (staff, or the assigned designer if all are theirs)",
    tag,
    auth: true,
    body: removeAllDesignsSchema,
    response: taskDesignsSchema,
  }),
  updateDesignFileOrder: endpoint({
    method: "POST",
    path: "/v3/project/task/updateDesignFileOrder",
    summary: "Set the order of the task's current files (the full list of keys, first to last)",
    tag,
    auth: true,
    body: updateDesignFileOrderSchema,
    response: taskDesignsSchema,
  }),
  designSeen: endpoint({
    method: "POST",
    path: "/v3/project/task/designSeen",
    summary: "The caller opened this file (seenDesignerFile for them)",
    tag,
    auth: true,
    body: designSeenSchema,
    response: okSchema,
  }),
  commentsSeen: endpoint({
    method: "POST",
    path: "/comment/design/task/seen",
    summary: "The caller read this file version's comments (seenComments, seenComment for them)",
    tag,
    auth: true,
    body: commentsSeenSchema,
    response: okSchema,
  }),
  // Contract decision (comment calls): SPEC names none; they live under /v3/project/task/comment….
  addComment: endpoint({
    method: "POST",
    path: "/v3/project/task/comment",
    summary: "Comment on a designer file version, optionally pinned (point or rectangle) with files",
    tag,
    auth: true,
    body: addCommentSchema,
    response: fileCommentSchema,
  }),
  reply: endpoint({
    method: "POST",
    path: "/v3/project/task/comment/reply",
    summary: "Reply to a comment thread (answers the thread)",
    tag,
    auth: true,
    body: replyCommentSchema,
    response: fileCommentSchema,
  }),
  editComment: endpoint({
    method: "POST",
    path: "/v3/project/task/comment/edit",
    summary: "Change the text of one's own comment or reply (answers the thread)",
    tag,
    auth: true,
    body: editCommentSchema,
    response: fileCommentSchema,
  }),
  removeComment: endpoint({
    method: "POST",
    path: "/v3/project/task/comment/remove",
    summary: "Remove a comment (with its replies) or a reply (author, staff)",
    tag,
    auth: true,
    body: removeCommentSchema,
    response: okSchema,
  }),
  resolveComment: endpoint({
    method: "POST",
    path: "/v3/project/task/comment/resolve",
    summary: "Resolve (activeComment false) or reopen (true) a thread",
    tag,
    auth: true,
    body: resolveCommentSchema,
    response: fileCommentSchema,
  }),
  addChatFile: endpoint({
    method: "POST",
    path: "/v3/project/addChatFile",
    summary: "Register the caller's uploads as files to attach to comments on the project",
    tag,
    auth: true,
    body: addChatFileSchema,
    response: chatFilesSchema,
  }),
  // SPEC shows /v3/design-feedback/{a}/{b}/{c}; contract decision: project, task, file version.
  feedback: endpoint({
    method: "POST",
    path: "/v3/design-feedback/:projectId/:taskId/:designerFileUuid",
    summary: "Feedback on a file (owner, editor, staff); changes requested sends a task in review back",
    tag,
    auth: true,
    params: designFeedbackParams,
    body: designFeedbackBodySchema,
    response: taskSchema,
  }),
  approve: endpoint({
    method: "POST",
    path: "/v3/project/:id/task/:taskId/approve",
    summary: "Approve a task in review (owner, editor, staff), as updateStatus to approved",
    tag,
    auth: true,
    params: taskPathParams,
    response: taskSchema,
  }),
  zipDesign: endpoint({
    method: "GET",
    path: "/v3/project/:id/task/:taskId/zipDesign",
    summary: "Start (or reuse) building one zip of the task's current designer files",
    tag,
    auth: true,
    params: taskPathParams,
    response: zipLinkSchema,
  }),
  getZipLink: endpoint({
    method: "GET",
    path: "/v3/project/:id/task/:taskId/getZipLink",
    summary: "Whether the zip of the current files is built, and its link (/serve/s/{linkToZip})",
    tag,
    auth: true,
    params: taskPathParams,
    response: zipLinkSchema,
  }),
};
