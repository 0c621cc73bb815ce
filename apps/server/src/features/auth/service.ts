import { type LoginResult, MESSAGES, PASSWORD_RESET_MINUTES, type RegisterInput, type User } from "@atelier/shared";
import type { Actor, AppContext } from "../../core/context.ts";
import { invalidLogin, ruleRefused, unauthenticated } from "../../core/errors.ts";
import type { Jobs } from "../../core/jobs/jobs.ts";
import {
  clearFailures,
  countFailure,
  lockedForSeconds,
  SIGN_IN_FAILURES,
} from "../../core/rate-limit/account-limits.ts";
import { tooManyRequests } from "../../core/rate-limit/rate-limits.ts";
import { revokeSession, revokeUserSessions, type SessionDevice } from "../../core/sessions/service.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { queueMail } from "../../mail/queue-mail.ts";
import { issueSession } from "../two-factor/index.ts";
import {
  countActiveUsers,
  createAccount,
  findUserByEmail,
  findUserById,
  hashNewPassword,
  presentUser,
  setUserPassword,
} from "../users/index.ts";
import {
  findUsablePasswordReset,
  insertPasswordReset,
  isSetupKeyUnused,
  replaceSetupKey,
  spendPasswordReset,
  spendSetupKey,
} from "./repo.ts";

// A real hash to compare against when the e-mail is unknown, so timing does not reveal accounts.
const dummyHash = hashPassword("0".repeat(64));

/** A session, or, for a user with two-factor sign-in on, the challenge of the code step. */
export async function login(
  ctx: AppContext,
  _actor: null,
  input: { email: string; password: string; device?: SessionDevice },
): Promise<LoginResult> {
  // Failures count per e-mail across addresses and instances, known account or not (the same
  // answer for both); a locked e-mail is refused before its password is even checked.
  const lockedFor = await lockedForSeconds(ctx, SIGN_IN_FAILURES, input.email);
  if (lockedFor !== null) throw tooManyRequests({ retryAfterSeconds: lockedFor });
  const user = await findUserByEmail(ctx.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !matches) {
    await countFailure(ctx, SIGN_IN_FAILURES, input.email);
    throw invalidLogin();
  }
  await clearFailures(ctx, SIGN_IN_FAILURES, input.email);
  return issueSession(ctx.db, user, input.device);
}

/** `GET /auth/info`: the signed-in user as the web app shows them. */
export async function getSignedInUser(ctx: AppContext, actor: Actor): Promise<User> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthenticated();
  return presentUser(user);
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId);
}

export async function register(
  ctx: AppContext,
  _actor: null,
  input: RegisterInput & { email: string; device?: SessionDevice },
): Promise<LoginResult> {
  const passwordHash = await hashNewPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await createAccount(tx, {
      email: input.email,
      name: input.name,
      surname: input.surname,
      role: "customer",
      passwordHash,
    });
    return issueSession(tx, user, input.device);
  });
}

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

/** On an empty database: a fresh one-time key for creating the first admin (null once users exist). */
export async function issueSetupKey(ctx: AppContext, _actor: null): Promise<string | null> {
  if ((await countActiveUsers(ctx.db)) > 0) return null;
  const key = newToken();
  await replaceSetupKey(ctx.db, hashToken(key));
  return key;
}

export async function isSetupKeyValid(ctx: AppContext, _actor: null, input: { setup: string }): Promise<boolean> {
  return (await isSetupKeyUnused(ctx.db, hashToken(input.setup))) && (await countActiveUsers(ctx.db)) === 0;
}

export async function setupFirstAdmin(
  ctx: AppContext,
  _actor: null,
  input: RegisterInput & { email: string; setup: string; device?: SessionDevice },
): Promise<LoginResult> {
  const passwordHash = await hashNewPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const spent = await spendSetupKey(tx, hashToken(input.setup));
    if (!spent || (await countActiveUsers(tx)) > 0) throw ruleRefused(MESSAGES.setupInvalid);
    const user = await createAccount(tx, {
      email: input.email,
      name: input.name,
      surname: input.surname,
      role: "admin",
      passwordHash,
    });
    return issueSession(tx, user, input.device);
  });
}
