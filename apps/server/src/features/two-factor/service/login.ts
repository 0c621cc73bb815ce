import { type LoginResult, PRIVACY_MESSAGES, type SecondFactorChallenge, type Session } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { AppError } from "../../../core/errors.ts";
import { createSession, type SessionDevice } from "../../../core/sessions/service.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { findUserById, presentUser, type UserRow } from "../../users/index.ts";
import { attemptChallenge, deleteChallenge, deleteStaleChallenges, insertChallenge } from "../repo/challenges.ts";
import { countWrongSecondFactor, refuseLockedSecondFactor } from "./lock.ts";
import { checkSecondFactor, hasTwoFactor } from "./second-factor.ts";

/** How long the code step may take after the password was right. */
const CHALLENGE_MS = 5 * 60 * 1000;
/** Wrong codes one challenge takes before the password must be given again. */
const CHALLENGE_ATTEMPTS = 5;

/**
 * The one door a session comes out of (DESIGN §11 "Doors have one keeper"): login, sign-up,
 * password reset, invite accept, onboarding and first-admin setup all end here once they have
 * checked what they check. A user with two-factor sign-in on gets the challenge of the code step
 * instead of a session; only `completeSecondFactorLogin` turns that into a session, after a right
 * code. Takes the caller's transaction, so the session (or challenge) starts with the change that
 * earned it, and the change stays when the answer is a challenge.
 */
export async function issueSession(db: DbOrTx, user: UserRow, device: SessionDevice | undefined): Promise<LoginResult> {
  if (await hasTwoFactor(db, user.id)) return startLoginChallenge(db, user.id);
  return { token: await createSession(db, user.id, device), user: presentUser(user) };
}

/** After a right password, for a user with two-factor sign-in on: the challenge for the code step. */
async function startLoginChallenge(db: DbOrTx, userId: string): Promise<SecondFactorChallenge> {
  const challenge = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await deleteStaleChallenges(db, now);
  await insertChallenge(db, { userId, tokenHash: hashToken(challenge), expiresAt });
  return { secondFactorRequired: true, challenge, expiresAt: expiresAt.getTime() };
}

/** `POST /auth/login/secondFactor`: the code (or a recovery code) turns the challenge into a session. */
export async function completeSecondFactorLogin(
  ctx: AppContext,
  _actor: null,
  input: { challenge: string; code: string; device: SessionDevice },
): Promise<Session> {
  // The attempt is counted on its own, before the transaction, so a wrong code still counts.
  const found = await attemptChallenge(ctx.db, hashToken(input.challenge), CHALLENGE_ATTEMPTS, new Date());
  if (!found) throw new AppError("UNAUTHENTICATED", PRIVACY_MESSAGES.challengeExpired);
  await refuseLockedSecondFactor(ctx, found.userId);
  const session = await withTransaction(ctx, async (tx) => {
    const user = await findUserById(tx, found.userId);
    if (!user) throw new AppError("UNAUTHENTICATED", PRIVACY_MESSAGES.challengeExpired);
    // A wrong code is answered after the transaction, so its count (shared store) is kept.
    if (!(await checkSecondFactor(ctx, tx, user.id, input.code))) return null;
    await deleteChallenge(tx, found.id);
    return { token: await createSession(tx, user.id, input.device), user: presentUser(user) };
  });
  if (session) return session;
  await countWrongSecondFactor(ctx, found.userId);
  throw new AppError("BAD_INPUT", PRIVACY_MESSAGES.twoFactorWrongCode, { code: PRIVACY_MESSAGES.twoFactorWrongCode });
}
