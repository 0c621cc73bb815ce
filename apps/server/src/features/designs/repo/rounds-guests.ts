import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designGuests, guestShares, reviewRoundReviewers, reviewRounds } from "../../../db/schema/index.ts";

/** A link that works at `now`: not revoked, not expired (as `isShareLive`, in SQL). */
const shareLive = (now: Date) =>
  and(isNull(guestShares.revokedAt), or(isNull(guestShares.expiresAt), gt(guestShares.expiresAt, now)));

/** The guests who used one of the task's live links: who may be asked in a round beside members. */
export async function listGuestCandidates(db: DbOrTx, taskId: string, now: Date) {
  return db
    .select({ guestId: designGuests.id, name: designGuests.name, email: designGuests.email })
    .from(designGuests)
    .innerJoin(guestShares, eq(guestShares.id, designGuests.shareId))
    .where(and(eq(guestShares.taskId, taskId), shareLive(now)))
    .orderBy(asc(designGuests.name), asc(designGuests.createdAt), asc(designGuests.id));
}

/** The task's open round, with the guest's reviewer row in it if they were asked (askedId null otherwise). */
export async function findOpenRoundForGuest(db: DbOrTx, taskId: string, guestId: string) {
  const [row] = await db
    .select({
      roundId: reviewRounds.id,
      number: reviewRounds.number,
      dueAt: reviewRounds.dueAt,
      askedId: reviewRoundReviewers.id,
      decision: reviewRoundReviewers.decision,
    })
    .from(reviewRounds)
    .leftJoin(
      reviewRoundReviewers,
      and(eq(reviewRoundReviewers.roundId, reviewRounds.id), eq(reviewRoundReviewers.reviewerGuestId, guestId)),
    )
    .where(and(eq(reviewRounds.taskId, taskId), eq(reviewRounds.state, "open")))
    .limit(1);
  return row ?? null;
}

/** Which of the ids given are guests of the task's live links (a round asks only those). */
export async function liveGuestIds(db: DbOrTx, taskId: string, ids: readonly string[], now: Date) {
  if (ids.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: designGuests.id })
    .from(designGuests)
    .innerJoin(guestShares, eq(guestShares.id, designGuests.shareId))
    .where(
      and(
        eq(guestShares.taskId, taskId),
        shareLive(now),
        sql`${designGuests.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::uuid)`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}
