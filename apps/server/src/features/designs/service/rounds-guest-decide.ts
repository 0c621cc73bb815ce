import {
  GUEST_MESSAGES,
  REVIEW_ROUND_MESSAGES,
  type ReviewDecision,
  reviewRoundOutcome,
  type TaskStatus,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { AppError, ruleRefused } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { markTaskUnseenForOthers, moveTaskByReviewRound } from "../../tasks/index.ts";
import { findShareCreator, type GuestFacts } from "../repo/guest-shares.ts";
import { closeRound, lockRound, lockTaskForRound, recordDecision, roundDecisions } from "../repo/rounds.ts";
import { taskDesignReader } from "../task-reader.ts";
import { designEvent } from "./access.ts";

/**
 * A guest asked in the task's open round decides through the guest page (`POST /guest/decision`):
 * the decision is recorded in the round, and the round's rule decides the task as for members
 * (060). A closing round moves the task on its sender's authority (the round stands in for who
 * sent it), or the guest's link creator's once the sender's account is gone; with neither, the
 * guest cannot decide (403). Answers the task's status after. Locks as the members' decision does: the task's row, then the round's.
 */
export async function decideInRoundAsGuest(
  ctx: AppContext,
  guest: GuestFacts,
  roundId: string,
  decision: ReviewDecision,
): Promise<TaskStatus> {
  return withTransaction(ctx, async (tx, emit) => {
    await lockTaskForRound(tx, guest.taskId);
    const round = await lockRound(tx, guest.taskId, roundId);
    if (round?.state !== "open") throw ruleRefused(REVIEW_ROUND_MESSAGES.roundClosed);
    const decisions = await roundDecisions(tx, round.id);
    if (!decisions.some((row) => row.guestId === guest.guestId)) {
      throw new AppError("FORBIDDEN", REVIEW_ROUND_MESSAGES.notAReviewer);
    }
    const authorityId = round.sentById ?? guest.createdById;
    const authority = authorityId ? await findShareCreator(tx, authorityId) : undefined;
    if (!authority) throw new AppError("FORBIDDEN", GUEST_MESSAGES.decisionNotAllowed);
    const actor: Actor = { ...authority, sessionId: guest.shareId };
    const task = { id: guest.taskId, projectId: guest.projectId };

    await recordDecision(tx, { roundId: round.id, reviewer: { guestId: guest.guestId }, decision, comment: null });
    await markTaskUnseenForOthers(tx, task, guest.guestId);
    // A guest's decision is an event with no actor and the guest's name, as a guest's comment (059).
    emit({
      ...designEvent(actor, task, "design.roundDecided", {
        roundId: round.id,
        number: round.number,
        decision,
        comment: null,
        guestName: guest.guestName,
      }),
      actorId: null,
    });
    const after = decisions.map((row) => (row.guestId === guest.guestId ? decision : row.decision));
    const outcome = reviewRoundOutcome(round.rule, after);
    if (!outcome) return "review";

    await closeRound(tx, round.id, outcome);
    emit(designEvent(actor, task, "design.roundClosed", { roundId: round.id, number: round.number, state: outcome }));
    const to = outcome === "approved" ? "approved" : "inProgress";
    const ref = { projectId: task.projectId, taskId: task.id };
    return (await moveTaskByReviewRound(taskDesignReader, tx, emit, actor, ref, to)) ? to : "review";
  });
}
