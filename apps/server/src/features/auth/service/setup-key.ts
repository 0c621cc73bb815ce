import { type LoginResult, MESSAGES, type RegisterInput } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { ruleRefused } from "../../../core/errors.ts";
import type { SessionDevice } from "../../../core/sessions/service.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { issueSession } from "../../two-factor/index.ts";
import { countActiveUsers, createAccount, hashNewPassword } from "../../users/index.ts";
import { isSetupKeyUnused, replaceSetupKey, spendSetupKey } from "../repo/setup-keys.ts";

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
