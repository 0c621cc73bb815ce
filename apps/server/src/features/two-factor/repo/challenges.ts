import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { loginChallenges } from "../../../db/schema/index.ts";

export async function insertChallenge(
  db: DbOrTx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(loginChallenges).values(values);
}

/**
 * Counts one attempt on a live challenge and answers its user; undefined when the challenge is
 * unknown, expired or has used up its attempts.
 */
export async function attemptChallenge(db: DbOrTx, tokenHash: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(
      and(
        eq(loginChallenges.tokenHash, tokenHash),
        gt(loginChallenges.expiresAt, now),
        sql`${loginChallenges.attempts} < ${maxAttempts}`,
      ),
    )
    .returning({ id: loginChallenges.id, userId: loginChallenges.userId });
  return row;
}

export async function deleteChallenge(db: DbOrTx, id: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.id, id));
}

/** Challenges of the user plus any expired ones (housekeeping at each new sign-in). */
export async function deleteStaleChallenges(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(loginChallenges).where(sql`${loginChallenges.expiresAt} < ${now}`);
}

export async function deleteUserChallenges(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}
