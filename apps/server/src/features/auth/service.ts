import {
  type LoginResult,
  MESSAGES,
  PASSWORD_RESET_MINUTES,
  type RegisterInput,
  type Session,
  type User,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../core/context.ts";
import { invalidLogin, ruleRefused, unauthenticated } from "../../core/errors.ts";
import { clearFailures, countFailure, isLockedOut, SIGN_IN_FAILURES } from "../../core/rate-limit/account-limits.ts";
import { tooManyRequests } from "../../core/rate-limit/rate-limits.ts";
import { createSession, revokeSession, revokeUserSessions, type SessionDevice } from "../../core/sessions/service.ts";
import { hashPassword, verifyPassword } from "../../lib/passwords.ts";
import { hashToken, newToken } from "../../lib/tokens.ts";
import { queueMail } from "../../mail/queue-mail.ts";
import { hasTwoFactor, startLoginChallenge } from "../two-factor/index.ts";
import {
  countActiveUsers,
  createAccount,
  findUserByEmail,
  findUserById,
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
  if (await isLockedOut(ctx, SIGN_IN_FAILURES, input.email)) throw tooManyRequests();
  const user = await findUserByEmail(ctx.db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
  if (!user || !matches) {
    await countFailure(ctx, SIGN_IN_FAILURES, input.email);
    throw invalidLogin();
  }
  await clearFailures(ctx, SIGN_IN_FAILURES, input.email);
  if (await hasTwoFactor(ctx.db, user.id)) return startLoginChallenge(ctx, user.id);
  return { token: await createSession(ctx.db, user.id, input.device), user: presentUser(user) };
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
  input: RegisterInput & { email: string },
): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const user = await createAccount(tx, {
      email: input.email,
      name: input.name,
      surname: input.surname,
      role: "customer",
      passwordHash,
    });
    return { token: await createSession(tx, user.id), user: presentUser(user) };
  });
}

/** Always succeeds for the caller; only an existing account gets the e-mail. */
export async function requestPasswordReset(ctx: AppContext, _actor: null, input: { email: string }): Promise<void> {
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

/** Sets the new password, spends the link, and ends every other session of the user. */
export async function confirmPasswordReset(
  ctx: AppContext,
  _actor: null,
  input: { email: string; token: string; password: string },
): Promise<Session> {
  const found = await findValidReset(ctx, input.email, input.token);
  if (!found) throw ruleRefused(MESSAGES.resetLinkInvalid);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    if (!(await spendPasswordReset(tx, found.reset.id))) throw ruleRefused(MESSAGES.resetLinkInvalid);
    const user = await setUserPassword(tx, { userId: found.user.id, passwordHash });
    if (!user) throw ruleRefused(MESSAGES.resetLinkInvalid);
    await revokeUserSessions(tx, { userId: user.id });
    return { token: await createSession(tx, user.id), user: presentUser(user) };
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
  input: RegisterInput & { email: string; setup: string },
): Promise<Session> {
  const passwordHash = await hashPassword(input.password);
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
    return { token: await createSession(tx, user.id), user: presentUser(user) };
  });
}
