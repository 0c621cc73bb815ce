import { PRIVACY_MESSAGES } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { countFailure, isLockedOut, SECOND_FACTOR_FAILURES } from "../../../core/rate-limit/account-limits.ts";
import { tooManyRequests } from "../../../core/rate-limit/rate-limits.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { findUserById } from "../../users/index.ts";

/**
 * The code step of sign-in, locked per account across challenges (a new password step gives a
 * new challenge, each with its own 5 tries): after SECOND_FACTOR_FAILURES wrong codes it refuses
 * every code, right ones too, until the lock ends.
 */
export async function refuseLockedSecondFactor(ctx: AppContext, userId: string): Promise<void> {
  if (await isLockedOut(ctx, SECOND_FACTOR_FAILURES, userId)) {
    throw tooManyRequests({ message: PRIVACY_MESSAGES.twoFactorLocked(SECOND_FACTOR_FAILURES.minutes) });
  }
}

/**
 * Counts a wrong code for the account; the one that locks the code step also tells the owner,
 * since whoever is trying already knows their password.
 */
export async function countWrongSecondFactor(ctx: AppContext, userId: string): Promise<void> {
  if (!(await countFailure(ctx, SECOND_FACTOR_FAILURES, userId))) return;
  const user = await findUserById(ctx.db, userId);
  if (!user) return;
  const product = ctx.config.productName;
  const { max, minutes } = SECOND_FACTOR_FAILURES;
  const link = `${ctx.config.publicUrl}/app/auth/reset`;
  const text = `Hello ${user.name},\n\nSomeone entered your ${product} password correctly, then ${max} wrong sign-in codes. Sign-in codes for your account are refused for the next ${minutes} minutes.\n\nIf this was not you, your password is known to someone else: choose a new one now.\n\n${link}\n`;
  await queueMail(ctx, {
    to: user.email,
    subject: `Sign-in to ${product} paused after wrong codes`,
    text,
    links: [link],
  });
}
