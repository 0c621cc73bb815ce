import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { reviewRoundReviewers, reviewRounds, tasks } from "../../../db/schema/index.ts";

/** The review rounds the person was asked in, with their decision and note, oldest first. */
export async function listReviewDecisionsBy(db: DbOrTx, userId: string) {
  return db
    .select({
      roundId: reviewRounds.id,
      projectId: tasks.projectId,
      taskId: reviewRounds.taskId,
      taskTitle: tasks.title,
      round: reviewRounds.number,
      decision: reviewRoundReviewers.decision,
      comment: reviewRoundReviewers.comment,
      decidedAt: reviewRoundReviewers.decidedAt,
      askedAt: reviewRounds.createdAt,
    })
    .from(reviewRoundReviewers)
    .innerJoin(reviewRounds, eq(reviewRounds.id, reviewRoundReviewers.roundId))
    .innerJoin(tasks, eq(tasks.id, reviewRounds.taskId))
    .where(eq(reviewRoundReviewers.reviewerUserId, userId))
    .orderBy(asc(reviewRounds.createdAt), asc(reviewRounds.id));
}
