import type { Config } from "../../../config.ts";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { Jobs } from "../../../core/jobs/jobs.ts";
import type { Tx } from "../../../db/client.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { isReplyableEvent, replyAddressFor } from "../../../mail/reply-address.ts";
import { linkOf } from "../presenter.ts";
import { digestSetting, lockDigestState, setDigestSetting, unreadSince, updateDigestState } from "../repo/digest.ts";

/** Most lines one digest lists; the rest are counted ("and N more"). */
const DIGEST_LINES = 50;

export type DigestDeps = { jobs: Jobs; config: Pick<Config, "notificationDigestMinutes"> };

const intervalMs = (config: Pick<Config, "notificationDigestMinutes">) => config.notificationDigestMinutes * 60_000;

/**
 * In the notifications' transaction: a digest job for each recipient the notification write
 * claimed (they want e-mail and had none queued: `digest_pending`, repo/write.ts), due when their
 * interval since the last digest is over (at once after a quiet interval). Later notifications
 * join the queued job: at most one per person per interval, whatever the number of instances.
 */
export async function queueDigests(
  tx: Tx,
  deps: DigestDeps,
  claimed: ReadonlyArray<{ userId: string; lastDigestAt: Date | null }>,
): Promise<void> {
  const now = Date.now();
  for (const { userId, lastDigestAt } of claimed) {
    const wait = lastDigestAt ? lastDigestAt.getTime() + intervalMs(deps.config) - now : 0;
    await deps.jobs.send(
      "notifications.digest",
      { userId },
      { tx, ...(wait > 0 ? { startAfterSeconds: Math.ceil(wait / 1000) } : {}) },
    );
  }
}

/**
 * The digest job: the person's unread notifications since the last digest, in one mail, when
 * they are away (no open stream) and want it. Someone online saw them arrive: they are passed
 * over, not mailed later. Nothing new, or the switch off: no mail.
 */
export async function sendDigest(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const state = await lockDigestState(tx, userId);
    if (!state) return;
    await updateDigestState(tx, userId, { digestPending: false });
    const now = new Date();
    if (!state.emailDigest) return;
    const rows = await unreadSince(tx, userId, state.digestedThrough, DIGEST_LINES + 1);
    const through = rows.at(-1)?.createdAt;
    if (!through) return;
    if (state.onlineUntil && state.onlineUntil > now) {
      await updateDigestState(tx, userId, { digestedThrough: through });
      return;
    }
    const shown = rows.slice(0, DIGEST_LINES);
    const links = shown.map((row) => `${ctx.config.publicUrl}/app${linkOf(row)}`);
    const replies = replyAddressesOf(ctx.config, shown);
    const lines = shown.map(
      (row, index) =>
        `- ${row.projectName}${row.taskTitle ? ` / ${row.taskTitle}` : ""}: ${row.senderName ?? "Someone"} ${row.text}\n  ${links[index]}` +
        (replies.each[index] ? `\n  Reply by e-mail: ${replies.each[index]}` : ""),
    );
    const more = rows.length > DIGEST_LINES ? ["", "…and more in Messages."] : [];
    await queueMail(
      ctx,
      {
        to: state.email,
        subject: `${ctx.config.productName}: ${shown.length === 1 ? "1 new notification" : `${shown.length}${more.length ? "+" : ""} new notifications`}`,
        text: [`While you were away:`, "", ...lines, ...more, "", "Turn these e-mails off in Settings."].join("\n"),
        links,
        ...(replies.replyTo ? { replyTo: replies.replyTo } : {}),
      },
      tx,
    );
    // The last row read, not the last shown: a digest capped at 50 lines does not repeat them.
    await updateDigestState(tx, userId, { lastDigestAt: now, digestedThrough: shown.at(-1)?.createdAt ?? through });
  });
}

/**
 * Each comment line's reply address (decision 056), and the mail's Reply-To when every comment it
 * lists is in one thread (the newest one's address): answering the mail then answers that thread.
 * With comments from several threads, only the addresses by each line lead there.
 */
function replyAddressesOf(
  config: Parameters<typeof replyAddressFor>[0],
  rows: ReadonlyArray<{ id: string; eventType: string; threadId: string | null }>,
): { each: (string | null)[]; replyTo: string | null } {
  const each = rows.map((row) =>
    isReplyableEvent(row.eventType) && row.threadId ? replyAddressFor(config, row.id) : null,
  );
  const threads = new Set(rows.filter((_row, index) => each[index]).map((row) => row.threadId));
  return { each, replyTo: threads.size === 1 ? (each.findLast((address) => address !== null) ?? null) : null };
}

export function defineDigestJob(ctx: AppContext, jobs: Jobs): void {
  jobs.define("notifications.digest", ({ userId }) => sendDigest(ctx, userId));
}

/** `GET /v3/notification-settings`: the caller's e-mail digest switch (on unless turned off). */
export async function getNotificationSettings(ctx: AppContext, actor: Actor) {
  return { emailDigest: await digestSetting(ctx.db, actor.id) };
}

/** `POST /v3/notification-settings`: off stops digests at once (a queued job sends nothing). */
export async function updateNotificationSettings(ctx: AppContext, actor: Actor, body: { emailDigest: boolean }) {
  await setDigestSetting(ctx.db, actor.id, body.emailDigest);
  return { emailDigest: body.emailDigest };
}
