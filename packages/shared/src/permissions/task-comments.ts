import { canCommentOnDesigns, canEditComment, canRemoveComment, DESIGN_MESSAGES } from "./designs.ts";
import type { MembershipOrNone, ProjectActor } from "./projects.ts";

/**
 * The conversation on a task itself (issue 29), before or beside any design: the same people as
 * on the task's designs. Reading follows seeing the task (a hidden task answers 404 first);
 * writing and replying: staff and everyone active on the team (owner, editor, viewer, designer);
 * authors edit their own; authors (while still able to comment) and staff remove.
 */
export function canCommentOnTask(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canCommentOnDesigns(actor, membership);
}

export function canEditTaskComment(actor: ProjectActor, comment: { authorId: string | null }): boolean {
  return canEditComment(actor, comment);
}

export function canRemoveTaskComment(
  actor: ProjectActor,
  membership: MembershipOrNone,
  comment: { authorId: string | null },
): boolean {
  return canRemoveComment(actor, membership, comment);
}

/** Texts the server refuses task comments with; the web shows them as 'Error: ' + text. */
export const TASK_COMMENT_MESSAGES = {
  commentNotFound: DESIGN_MESSAGES.commentNotFound,
  replyToReply: DESIGN_MESSAGES.replyToReply,
  mentionNotOnTeam: "Mention only members of the project's team",
} as const;
