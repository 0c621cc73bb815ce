import {
  canResetTwoFactor,
  isTwoFactorRequired,
  PRIVACY_MESSAGES,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, conflict, forbidden, notFound, ruleRefused } from "../../../core/errors.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { hashToken } from "../../../lib/tokens.ts";
import { findUserById } from "../../users/index.ts";
import { presentTwoFactorStatus } from "../presenter.ts";
import {
  countUnusedRecoveryCodes,
  deleteTwoFactor,
  findTwoFactor,
  replaceRecoveryCodes,
  spendStep,
  upsertPendingSecret,
} from "../repo/secrets.ts";
import { checkSecondFactor } from "./second-factor.ts";
import {
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  otpauthUrl,
  qrCodeDataUrl,
} from "./totp.ts";

/** `GET /profile/twoFactor`. */
export async function getTwoFactorStatus(ctx: AppContext, actor: Actor): Promise<TwoFactorStatus> {
  const row = await findTwoFactor(ctx.db, actor.id);
  const recoveryCodesLeft = row?.enabledAt ? await countUnusedRecoveryCodes(ctx.db, actor.id) : 0;
  return presentTwoFactorStatus(
    row,
    isTwoFactorRequired(actor.role, ctx.config.twoFactorRequiredForStaff),
    recoveryCodesLeft,
  );
}

/** `POST /profile/twoFactor/setup`: a fresh secret, not in force until a code from it is confirmed. */
export async function startTwoFactorSetup(ctx: AppContext, actor: Actor): Promise<TwoFactorSetup> {
  const secret = newTotpSecret();
  const stored = await upsertPendingSecret(ctx.db, actor.id, secretBoxFor(ctx.config).seal(secret));
  if (!stored) throw conflict(PRIVACY_MESSAGES.twoFactorAlreadyOn);
  const url = otpauthUrl(secret, ctx.config.productName, actor.email);
  return { secret, otpauthUrl: url, qrCode: await qrCodeDataUrl(url) };
}

/** `POST /profile/twoFactor/enable`: the first code turns it on and answers ten recovery codes. */
export async function enableTwoFactor(
  ctx: AppContext,
  actor: Actor,
  input: { code: string },
): Promise<{ recoveryCodes: string[] }> {
  const row = await findTwoFactor(ctx.db, actor.id);
  if (row?.enabledAt) throw conflict(PRIVACY_MESSAGES.twoFactorAlreadyOn);
  if (!row) throw ruleRefused(PRIVACY_MESSAGES.twoFactorNotSetUp);
  const step = await matchingStep(secretBoxFor(ctx.config).open(row.secretEncrypted), input.code);
  if (step === null) throw badInput({ code: PRIVACY_MESSAGES.twoFactorWrongCode });
  const codes = newRecoveryCodes();
  await withTransaction(ctx, async (tx, emit) => {
    if (!(await spendStep(tx, actor.id, step, true))) throw badInput({ code: PRIVACY_MESSAGES.twoFactorWrongCode });
    await replaceRecoveryCodes(
      tx,
      actor.id,
      codes.map((code) => hashToken(normalRecoveryCode(code) ?? code)),
    );
    emit(userEvent("user.twoFactorEnabled", actor.id, actor.id));
  });
  return { recoveryCodes: codes };
}

/** `POST /profile/twoFactor/disable`: needs a current code or a recovery code. */
export async function disableTwoFactor(ctx: AppContext, actor: Actor, input: { code: string }): Promise<void> {
  if (isTwoFactorRequired(actor.role, ctx.config.twoFactorRequiredForStaff)) {
    throw ruleRefused(PRIVACY_MESSAGES.twoFactorRequiredForStaff);
  }
  const row = await findTwoFactor(ctx.db, actor.id);
  if (!row?.enabledAt) throw ruleRefused(PRIVACY_MESSAGES.twoFactorNotOn);
  await withTransaction(ctx, async (tx, emit) => {
    if (!(await checkSecondFactor(ctx, tx, actor.id, input.code))) {
      throw badInput({ code: PRIVACY_MESSAGES.twoFactorWrongCode });
    }
    await deleteTwoFactor(tx, actor.id);
    emit(userEvent("user.twoFactorDisabled", actor.id, actor.id));
  });
}

/** `POST /user/:id/twoFactor/reset`: an admin turns it off for someone who lost their device. */
export async function resetTwoFactor(ctx: AppContext, actor: Actor, input: { id: string }): Promise<void> {
  if (!canResetTwoFactor(actor, input)) throw forbidden();
  const target = await findUserById(ctx.db, input.id);
  if (!target) throw notFound();
  await withTransaction(ctx, async (tx, emit) => {
    await deleteTwoFactor(tx, target.id);
    emit(userEvent("user.twoFactorReset", actor.id, target.id));
  });
  ctx.log.info({ adminId: actor.id, userId: target.id }, "two-factor sign-in reset by an admin");
}

function userEvent(
  type: "user.twoFactorEnabled" | "user.twoFactorDisabled" | "user.twoFactorReset",
  actorId: string,
  userId: string,
) {
  return { type, actorId, projectId: null, subject: { type: "user" as const, id: userId }, payload: { userId } };
}
