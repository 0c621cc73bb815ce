import { REVIEW_ROUND_MESSAGES } from "@atelier/shared";
import type { TaskReviewHooks } from "../../tasks/index.ts";
import { closeRound, findOpenRound } from "../repo/rounds.ts";
import { designEvent } from "./access.ts";

/**
 * What review rounds say about a task's status moves (handed to tasks through the designs reader,
 * decision 031): an open round holds the task's direct approval; a task leaving review another way
 * (changes requested through feedback, sent back by staff) cancels its open round.
 */
export const reviewRoundHooks: TaskReviewHooks = {
  async approvalHeld(db, taskId) {
    return (await findOpenRound(db, taskId)) ? REVIEW_ROUND_MESSAGES.approvalHeld : null;
  },
  async leftReview(tx, emit, actor, task) {
    const open = await findOpenRound(tx, task.id);
    if (!open) return;
    await closeRound(tx, open.id, "cancelled");
    emit(designEvent(actor, task, "design.roundCancelled", { roundId: open.id, number: open.number }));
  },
};
