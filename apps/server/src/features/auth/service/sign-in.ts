import type { LoginResult, RegisterInput, User } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { invalidLogin, unauthenticated } from "../../../core/errors.ts";
import {
  clearFailures,
  countFailure,
  lockedForSeconds,
  SIGN_IN_FAILURES,
} from "../../../core/rate-limit/account-limits.ts";
import { tooManyRequests } from "../../../core/rate-limit/rate-limits.ts";
import { revokeSession, type SessionDevice } from "../../../core/sessions/service.ts";
import { hashPassword, verifyPassword } from "../../../lib/passwords.ts";
import { issueSession } from "../../two-factor/index.ts";
import { createAccount, findUserByEmail, findUserById, hashNewPassword, presentUser } from "../../users/index.ts";

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
