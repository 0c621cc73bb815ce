import type { AppContext } from "../../../core/context.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { hashToken } from "../../../lib/tokens.ts";
import { findTwoFactor, spendRecoveryCode, spendStep } from "../repo/secrets.ts";
import { matchingStep, normalRecoveryCode } from "./totp.ts";

/** Whether the user has two-factor sign-in on (sign-in then asks for a code). */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  return Boolean((await findTwoFactor(db, userId))?.enabledAt);
}

/**
 * Checks a code of a user whose two-factor sign-in is on, and spends it: an authenticator code's
 * time step (so neither it nor an older one works again) or a recovery code (once).
 */
export async function checkSecondFactor(ctx: AppContext, tx: DbOrTx, userId: string, code: string): Promise<boolean> {
  const row = await findTwoFactor(tx, userId);
  if (!row?.enabledAt) return false;
  const recovery = normalRecoveryCode(code);
  if (recovery) return spendRecoveryCode(tx, userId, hashToken(recovery));
  const step = await matchingStep(secretBoxFor(ctx.config).open(row.secretEncrypted), code);
  return step !== null && (await spendStep(tx, userId, step, false));
}
