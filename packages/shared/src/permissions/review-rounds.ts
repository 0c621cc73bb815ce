import { REVIEW_ROUND_REVIEWERS_MAX, REVIEW_ROUNDS_PER_TASK_MAX } from "../limits.ts";
import { isStaff } from "../roles.ts";
import type { ReviewDecision, ReviewRoundRule } from "../schemas/review-round.ts";
import type { MembershipOrNone, ProjectActor } from "./projects.ts";
import { canReviewTask } from "./tasks.ts";

/**
 * Review rounds (issue 23, part 4), pure rules over (actor, membership, round). Seeing rounds is
 * seeing the task (a hidden project's task answers 404 before any of these is asked).
 *
 * - who may approve the task (owner, editor, staff) sends a round and cancels it: they hand their
 *   approval to the round's reviewers, under the rule they choose;
 * - a reviewer decides for themselves only, while the round is open and they are still on the
 *   project (an account removed from the team no longer decides);
 * - everyone who sees the task sees its rounds and each reviewer's decision.
 */

export function canSendReviewRound(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canReviewTask(actor, membership);
}

export function canCancelReviewRound(actor: ProjectActor, membership: MembershipOrNone): boolean {
  return canReviewTask(actor, membership);
}

export interface RoundFacts {
  open: boolean;
  reviewerUserIds: readonly (string | null)[];
}

export function canDecideInReviewRound(actor: ProjectActor, membership: MembershipOrNone, round: RoundFacts): boolean {
  const onProject = !!membership?.active || isStaff(actor.role);
  return round.open && onProject && round.reviewerUserIds.includes(actor.id);
}

/** Texts of the round rules the server refuses with; the web shows them as 'Error: ' + text. */
export const REVIEW_ROUND_MESSAGES = {
  roundNotFound: "Review round not found",
  taskNotInReview: "A round can be sent only while the task is in review",
  roundAlreadyOpen: "A review round is already open on this task; cancel it or wait for its outcome",
  roundClosed: "This review round is closed",
  approvalHeld: "A review round is open on this task: its reviewers approve it (or cancel the round first)",
  notAReviewer: "You are not a reviewer in this round",
  reviewerNotOnTeam: "Choose a member of this project's team",
  reviewerIsDesigner: "The task's designer cannot review their own work",
  guestNotOnLink: "Choose a guest who used one of this task's live links",
  designNotCurrent: "Choose current designs of this task",
  dueDayPast: "The due day is already over",
  tooManyRounds: `A task keeps at most ${REVIEW_ROUNDS_PER_TASK_MAX} review rounds`,
  tooManyReviewers: `At most ${REVIEW_ROUND_REVIEWERS_MAX} reviewers`,
} as const;

/**
 * A round closes the moment its outcome is certain. `any`: the first approval approves; it ends
 * with changes requested only when every reviewer asked for them. `all`: every reviewer must
 * approve, so the first request for changes ends it. Null while it is still open. A pending
 * reviewer is null.
 */
export function reviewRoundOutcome(
  rule: ReviewRoundRule,
  decisions: readonly (ReviewDecision | null)[],
): ReviewDecision | null {
  const approvals = decisions.filter((decision) => decision === "approved").length;
  const changes = decisions.filter((decision) => decision === "changesRequested").length;
  if (rule === "any") {
    if (approvals > 0) return "approved";
    return changes === decisions.length ? "changesRequested" : null;
  }
  if (changes > 0) return "changesRequested";
  return approvals === decisions.length ? "approved" : null;
}
