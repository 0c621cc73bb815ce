import { EMAIL_CHANGE_HOURS, MESSAGES } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { ruleRefused } from "../../../core/errors.ts";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { findUsableEmailChange, replaceEmailChange, spendEmailChange } from "../repo/email-changes.ts";
import { findActiveUserById, isEmailTaken, type UserRow, updateUserRow } from "../repo/users.ts";
import { emailTaken, guardUniqueEmail } from "./accounts.ts";

/*
 * A sign-in e-mail never changes on someone's say-so alone (issue: a project manager set a
 * customer's e-mail to their own and took the account over with a password reset). A change is
 * stored as pending, a link goes to the new address, and the old address is told; the account
 * keeps signing in with the old e-mail until the link is opened.
 */

/** The 409 when the new e-mail belongs to another active account (at request and at confirm). */
async function ensureEmailFree(db: DbOrTx, email: string, userId: string): Promise<void> {
  if (await isEmailTaken(db, email, userId)) throw emailTaken();
}

/**
 * Stores the pending change and queues both mails, in the caller's transaction. `actor` asked for
 * it: the user themselves (settings) or staff (user management; the rule is checked by the caller).
 */
export async function requestEmailChange(
  ctx: AppContext,
  tx: Tx,
  input: { user: UserRow; newEmail: string; actor: Actor },
): Promise<void> {
  const { user, newEmail, actor } = input;
  await ensureEmailFree(tx, newEmail, user.id);
  const token = newToken();
  await replaceEmailChange(tx, {
    userId: user.id,
    newEmail,
    tokenHash: hashToken(token),
    requestedById: actor.id,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3_600_000),
  });
  const product = ctx.config.productName;
  const link = `${ctx.config.publicUrl}/app/auth/email-change?${new URLSearchParams({ token })}`;
  const byWhom = actor.id === user.id ? "You asked" : "An administrator asked";
  await queueMail(
    ctx,
    {
      to: newEmail,
      subject: `Confirm your new ${product} e-mail`,
      text: `Hello ${user.name},\n\n${byWhom} to make ${newEmail} the sign-in e-mail of your ${product} account. Open this link within ${EMAIL_CHANGE_HOURS} hours to confirm it:\n\n${link}\n\nUntil then you sign in with your current e-mail. If you did not expect this, ignore this e-mail and nothing changes.\n`,
      links: [link],
    },
    tx,
  );
  await queueMail(
    ctx,
    {
      to: user.email,
      subject: `A change of your ${product} e-mail was requested`,
      text: `Hello ${user.name},\n\n${byWhom} to change the sign-in e-mail of your ${product} account from ${user.email} to ${newEmail}. It changes only once the link we sent to ${newEmail} is opened; until then you keep signing in with ${user.email}.\n\nIf this was not you, change your password and tell us.\n`,
    },
    tx,
  );
}

/** `POST /auth/emailChange/confirm`: spends the link and sets the new e-mail. */
export async function confirmEmailChange(
  ctx: AppContext,
  _actor: null,
  input: { token: string },
): Promise<{ email: string }> {
  const change = await findUsableEmailChange(ctx.db, hashToken(input.token));
  if (!change) throw ruleRefused(MESSAGES.emailChangeLinkInvalid);
  return guardUniqueEmail(() =>
    ctx.db.transaction(async (tx) => {
      if (!(await spendEmailChange(tx, change.id))) throw ruleRefused(MESSAGES.emailChangeLinkInvalid);
      const user = await findActiveUserById(tx, change.userId);
      if (!user) throw ruleRefused(MESSAGES.emailChangeLinkInvalid);
      await ensureEmailFree(tx, change.newEmail, user.id);
      const row = await updateUserRow(tx, user.id, { email: change.newEmail });
      if (!row) throw ruleRefused(MESSAGES.emailChangeLinkInvalid);
      return { email: row.email };
    }),
  );
}
