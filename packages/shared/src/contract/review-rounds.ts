import {
  cancelReviewRoundSchema,
  decideReviewRoundSchema,
  sendReviewRoundSchema,
  taskReviewRoundsSchema,
} from "../schemas/review-round.ts";
import { taskPathParams } from "../schemas/task.ts";
import { endpoint } from "./endpoint.ts";

const tag = "designs";

/**
 * Review rounds of a task's designs (issue 23, part 4). Contract decisions: SPEC names none of
 * these calls; they sit beside the design calls. Every call answers the task's rounds as the
 * caller now sees them (as design calls answer the panel). Errors as for designs: a task the
 * caller cannot see, or a round not on it, 404; a visible round the caller may not act on, 403;
 * a rule refusing it now (task not in review, round closed), 412 with a sentence.
 */
export const reviewRoundsContract = {
  list: endpoint({
    method: "GET",
    path: "/v3/project/:id/task/:taskId/review-rounds",
    summary: "The task's review rounds, newest first, with each reviewer's decision",
    tag,
    auth: true,
    params: taskPathParams,
    response: taskReviewRoundsSchema,
  }),
  send: endpoint({
    method: "POST",
    path: "/v3/project/task/review-round",
    summary:
      "Send designs of a task in review to reviewers by a due day, approved by any one or all (owner, editor, staff)",
    tag,
    auth: true,
    body: sendReviewRoundSchema,
    response: taskReviewRoundsSchema,
  }),
  decide: endpoint({
    method: "POST",
    path: "/v3/project/task/review-round/decide",
    summary:
      "A reviewer approves or requests changes in an open round; its rule then approves the task or sends it back",
    tag,
    auth: true,
    body: decideReviewRoundSchema,
    response: taskReviewRoundsSchema,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/v3/project/task/review-round/cancel",
    summary: "Cancel an open round (owner, editor, staff); the task stays in review",
    tag,
    auth: true,
    body: cancelReviewRoundSchema,
    response: taskReviewRoundsSchema,
  }),
};
