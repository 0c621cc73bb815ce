import { GUEST_MESSAGES } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import type { Tx } from "../../../db/client.ts";
import { hashToken, newToken } from "../../../lib/tokens.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { findMailableGuest, insertMailStop, unsubscribeByMailStop } from "../repo/guest-mail.ts";
import { isShareLive } from "../repo/guest-shares.ts";

/**
 * A member replied to a guest's thread: the guest hears of it by e-mail, in the reply's
 * transaction (queued with it), unless they unsubscribed or their link no longer works. Each
 * e-mail carries its own unsubscribe secret (stored as its hash). The review link itself is not
 * in the e-mail: only its hash is kept, and the guest's device remembers them.
 */
export async function mailGuestOfReply(
  ctx: AppContext,
  tx: Tx,
  input: { guestId: string; replier: Actor; fileName: string; taskTitle: string; reply: string },
): Promise<void> {
  const guest = await findMailableGuest(tx, input.guestId);
  if (!guest || !isShareLive(guest, new Date())) return;
  const unsubscribe = await guestUnsubscribeLink(ctx, tx, input.guestId);
  const text = `Hello ${guest.name},\n\n${input.replier.name} replied to your comment on ${input.fileName} ("${input.taskTitle}"):\n\n${input.reply}\n\nOpen the review from the link you were given to answer.\n\nNo more of these e-mails: ${unsubscribe}\n`;
  await queueMail(
    ctx,
    { to: guest.email, subject: `${input.replier.name} replied to your comment`, text, links: [unsubscribe] },
    tx,
  );
}

/** A new unsubscribe secret for one e-mail to the guest (stored as its hash), as its link. */
export async function guestUnsubscribeLink(ctx: AppContext, tx: Tx, guestId: string): Promise<string> {
  const token = newToken();
  await insertMailStop(tx, guestId, hashToken(token));
  return `${ctx.config.publicUrl}/app/review/unsubscribe#${token}`;
}

/** `POST /guest/unsubscribe`: the secret of one reply e-mail stops them all (404 when unknown). */
export async function unsubscribeGuest(ctx: AppContext, token: string): Promise<void> {
  if (!(await unsubscribeByMailStop(ctx.db, hashToken(token), new Date()))) {
    throw notFound(GUEST_MESSAGES.linkNotFound);
  }
}
