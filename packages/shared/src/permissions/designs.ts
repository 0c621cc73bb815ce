import { DESIGN_FILES_PER_TASK_MAX } from "../limits.ts";
import { MESSAGES } from "../messages.ts";
import { isStaff, type ProjectRole } from "../roles.ts";
import type { MembershipOrNone, ProjectActor } from "./projects.ts";
import { canReviewTask, isAssignedDesigner, type TaskFacts } from "./tasks.ts";

/**
 * Designs and review rules (issue 8, DESIGN §5), pure functions over (actor, the actor's
 * membership of the task's project, the task, the target). Seeing designs is seeing the task
 * (a hidden project's task answers 404 before any of these is asked).
 *
 * - designers upload, version and remove their own files on tasks they work on (assigned to them);
 * - staff (admin, projectManager) do everything;
 * - customers on the project (owner, editor, viewer) and the designers on the team comment, reply
 *   and pin;
 * - owner and editor (and staff) give feedback and approve;
 * - authors edit their comments; authors and staff remove them; resolving follows removing,
 *   plus owner and editor, who run the review.
 */

function hasRole(membership: MembershipOrNone, ...roles: ProjectRole[]): boolean {
  return !!membership?.active && roles.includes(membership.projectRole);
}

/** Someone who delivers work on the task: staff or its assigned designer. */
export function canAddDesign(actor: ProjectActor, membership: MembershipOrNone, task: TaskFacts): boolean {
  if (task.archived) return false;
  return isStaff(actor.role) || isAssignedDesigner(actor, membership, task);
}

/** A new version of a file, or removing it: staff, or the assigned designer for files they uploaded. */
export function canChangeDesignFile(
  actor: ProjectActor,
  membership: MembershipOrNone,
  task: TaskFacts,
  file: { addedById: string | null },
): boolean {
  if (task.archived) return false;
  if (isStaff(actor.role)) return true;
  return isAssignedDesigner(actor, membership, task) && file.addedById === actor.id;
}

/** A video's poster is part of the file: whoever may change the file (decision 058). */
export const canSetDesignPoster = canChangeDesignFile;

/** The task's file order is part of the delivery: staff and the assigned designer. */
export function canReorderDesigns(actor: ProjectActor, membership: MembershipOrNone, task: TaskFacts): boolean {
  return canAddDesign(actor, membership, task);
}

/** Comment, reply and pin: anyone active on the project (customers and team designers) and staff. */
export function canCommentOnDesigns(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return isStaff(actor.role) || hasRole(membership, "owner", "editor", "viewer", "designer");
}

/** Feedback on a file (approved or changes requested) and approving the task: owner, editor, staff. */
export function canGiveDesignFeedback(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canReviewTask(actor, membership);
}

export interface CommentFacts {
  authorId: string | null;
}

/** Only the author edits a comment's text. */
export function canEditComment(actor: ProjectActor, comment: CommentFacts): boolean {
  return comment.authorId === actor.id;
}

/** The author (while still able to comment) or staff remove a comment. */
export function canRemoveComment(actor: ProjectActor, membership: MembershipOrNone, comment: CommentFacts): boolean {
  if (isStaff(actor.role)) return true;
  return comment.authorId === actor.id && canCommentOnDesigns(actor, membership);
}

/** Resolve or reopen a thread: its author, staff, and owner or editor (who run the review). */
export function canResolveComment(actor: ProjectActor, membership: MembershipOrNone, comment: CommentFacts): boolean {
  return canRemoveComment(actor, membership, comment) || hasRole(membership, "owner", "editor");
}

/** Attach files to comments (`POST /v3/project/addChatFile`): those who may comment. */
export function canAddChatFile(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canCommentOnDesigns(actor, membership);
}

/** Texts of the designs rules the server refuses with; the web shows them as 'Error: ' + text. */
export const DESIGN_MESSAGES = {
  unableToAddDesign: MESSAGES.unableToAddDesign,
  fileNotYours: "Attach only files you uploaded",
  fileAlreadyAttached: "This file is already attached",
  fileNotFound: "File not found",
  designNotFound: "Designer file not found",
  commentNotFound: "Comment not found",
  tooManyFiles: `A task holds at most ${DESIGN_FILES_PER_TASK_MAX} designer files`,
  orderMismatch: "The order must list each of the task's current files exactly once",
  replyToReply: "Reply to the thread's first comment",
  notCurrentVersion: "Only the current version of a file can get a new version",
  pinNeedsImage: "Pins can only be placed on images",
  noDesignerFiles: MESSAGES.noDesignerFiles,
} as const;
