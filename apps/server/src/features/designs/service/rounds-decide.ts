import {
  canCancelReviewRound,
  canDecideInReviewRound,
  type contract,
  type EndpointParsed,
  REVIEW_ROUND_MESSAGES,
  reviewRoundOutcome,
  type TaskReviewRounds,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { markTaskUnseenForOthers, moveTaskByReviewRound } from "../../tasks/index.ts";
import { closeRound, lockRound, lockTaskForRound, recordDecision, roundDecisions } from "../repo/rounds.ts";
import { taskDesignReader } from "../task-reader.ts";
import { designEvent, ensureAllowed, ensureLive, loadDesignTask } from "./access.ts";
import { presentTaskRounds } from "./rounds.ts";

type DecideInput = EndpointParsed<typeof contract.reviewRounds.decide>["body"];
type CancelInput = EndpointParsed<typeof contract.reviewRounds.cancel>["body"];

/**
 * `POST /v3/project/task/review-round/decide` (a reviewer of the round, for themselves): records
 * the decision, and when it makes the round's outcome certain closes the round and moves the task
 * as the existing approval and request for changes do (the tasks' status move: its events, the
 * work log). The round's row is locked, so concurrent last decisions are taken one at a time. A
 * reviewer may change their mind while the round is open.
 */
export async function decideInReviewRound(
  ctx: AppContext,
  actor: Actor,
  body: DecideInput,
  preloaded?: PreloadedScope,
): Promise<TaskReviewRounds> {
  const access = await loadDesignTask(ctx, actor, body, preloaded);
  const comment = body.comment ? body.comment : null;
  return withTransaction(ctx, async (tx, emit) => {
    // The task's row first, then the round's: the order status moves take them in (no deadlock).
    await lockTaskForRound(tx, access.task.id);
    const round = await lockRound(tx, access.task.id, body.roundId);
    if (!round) throw notFound(REVIEW_ROUND_MESSAGES.roundNotFound);
    const decisions = await roundDecisions(tx, round.id);
    const reviewerUserIds = decisions.map((row) => row.userId);
    ensureAllowed(canDecideInReviewRound(actor, access.membership, { open: true, reviewerUserIds }));
    ensureLive(access);
    if (round.state !== "open") throw ruleRefused(REVIEW_ROUND_MESSAGES.roundClosed);

    await recordDecision(tx, { roundId: round.id, reviewer: { userId: actor.id }, decision: body.decision, comment });
    await markTaskUnseenForOthers(tx, access.task, actor.id);
    emit(
      designEvent(actor, access.task, "design.roundDecided", {
        roundId: round.id,
        number: round.number,
        decision: body.decision,
        comment,
      }),
    );
    const after = decisions.map((row) => (row.userId === actor.id ? body.decision : row.decision));
    const outcome = reviewRoundOutcome(round.rule, after);
    if (!outcome) return presentTaskRounds(tx, actor, access);

    await closeRound(tx, round.id, outcome);
    emit(
      designEvent(actor, access.task, "design.roundClosed", {
        roundId: round.id,
        number: round.number,
        state: outcome,
      }),
    );
    const to = outcome === "approved" ? "approved" : "inProgress";
    const ref = { projectId: access.task.projectId, taskId: access.task.id };
    const moved = await moveTaskByReviewRound(taskDesignReader, tx, emit, actor, ref, to);
    return presentTaskRounds(tx, actor, {
      ...access,
      task: { ...access.task, status: moved ? to : access.task.status },
    });
  });
}

/**
 * `POST /v3/project/task/review-round/cancel` (owner, editor, staff): the open round ends without
 * an outcome; the task stays in review, where it can be approved directly or sent a new round.
 */
export async function cancelReviewRound(
  ctx: AppContext,
  actor: Actor,
  body: CancelInput,
  preloaded?: PreloadedScope,
): Promise<TaskReviewRounds> {
  const access = await loadDesignTask(ctx, actor, body, preloaded);
  return withTransaction(ctx, async (tx, emit) => {
    // The task's row first, then the round's: the order status moves take them in (no deadlock).
    await lockTaskForRound(tx, access.task.id);
    const round = await lockRound(tx, access.task.id, body.roundId);
    if (!round) throw notFound(REVIEW_ROUND_MESSAGES.roundNotFound);
    ensureAllowed(canCancelReviewRound(actor, access.membership));
    ensureLive(access);
    if (round.state !== "open") throw ruleRefused(REVIEW_ROUND_MESSAGES.roundClosed);
    await closeRound(tx, round.id, "cancelled");
    emit(designEvent(actor, access.task, "design.roundCancelled", { roundId: round.id, number: round.number }));
    return presentTaskRounds(tx, actor, access);
  });
}
