import { type LoginResult, MESSAGES, PASSWORD_RESET_MINUTES } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { ruleRefused } from "../../../core/errors.ts";
import type { Jobs } from "../../../core/jobs/jobs.ts";
import { revokeUserSessions, type SessionDevice } from "../../../core/sessions/service.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { issueSession } from "../../two-factor/index.ts";
import { findUserByEmail, hashNewPassword, setUserPassword } from "../../users/index.ts";
import { findUsablePasswordReset, insertPasswordReset, spendPasswordReset } from "../repo/password-resets.ts";

/**
 * Always succeeds for the caller, and does the same work whoever asks: it queues the job below,
 * which looks the account up and mails the link. Looking it up here made the answer slower for an
 * existing account (a write and a queued mail), which told who has one.
 */
export async function requestPasswordReset(ctx: AppContext, _actor: null, input: { email: string }): Promise<void> {
  await ctx.jobs.send("auth.passwordReset", { email: input.email });
}

export function definePasswordResetJob(ctx: AppContext, jobs: Jobs): void {
  jobs.define("auth.passwordReset", (input) => sendPasswordReset(ctx, input));
}

/** The job of a reset request: only an existing account gets the link. */
async function sendPasswordReset(ctx: AppContext, input: { email: string }): Promise<void> {
  const user = await findUserByEmail(ctx.db, input.email);
  if (!user) return;
  const token = newToken();
  const link = `${ctx.config.publicUrl}/app/auth/reset?${new URLSearchParams({ email: user.email, token })}`;
  const product = ctx.config.productName;
  await ctx.db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
    });
    const text = `Hello ${user.name},\n\nSomeone asked to reset your ${product} password. Open this link within ${PASSWORD_RESET_MINUTES} minutes to choose a new one:\n\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n`;
    await queueMail(ctx, { to: user.email, subject: `Reset your ${product} password`, text, links: [link] }, tx);
  });
}

async function findValidReset(ctx: AppContext, email: string, token: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return null;
  const reset = await findUsablePasswordReset(ctx.db, user.id, hashToken(token));
  return reset ? { user, reset } : null;
}

export async function isPasswordResetValid(
  ctx: AppContext,
  _actor: null,
  input: { email: string; token: string },
): Promise<boolean> {
  return (await findValidReset(ctx, input.email, input.token)) !== null;
}

/**
 * Sets the new password, spends the link, and ends every session of the user; then signs them in,
 * or, with two-factor sign-in on, answers the code step's challenge (the reset stands either way).
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  _actor: null,
  input: { email: string; token: string; password: string; device?: SessionDevice },
): Promise<LoginResult> {
  const found = await findValidReset(ctx, input.email, input.token);
  if (!found) throw ruleRefused(MESSAGES.resetLinkInvalid);
  const passwordHash = await hashNewPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    if (!(await spendPasswordReset(tx, found.reset.id))) throw ruleRefused(MESSAGES.resetLinkInvalid);
    const user = await setUserPassword(tx, { userId: found.user.id, passwordHash });
    if (!user) throw ruleRefused(MESSAGES.resetLinkInvalid);
    await revokeUserSessions(tx, { userId: user.id });
    return issueSession(tx, user, input.device);
  });
}
