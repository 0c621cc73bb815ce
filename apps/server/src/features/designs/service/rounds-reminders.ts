import { formatDay, taskLink } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { queueMail } from "../../../mail/queue-mail.ts";
import { claimDueReminders, type ReminderRow } from "../repo/rounds-reminders.ts";
import { guestUnsubscribeLink } from "./guest-mail.ts";

/** Reminders claimed per statement; a tick repeats until none is left. */
const REMINDERS_PER_BATCH = 200;

/** How often the reminder tick runs (pg-boss cron, UTC): hourly, so a reminder goes early on the day before. */
export const REVIEW_REMINDER_CRON = "7 * * * *";

/**
 * The reminder tick (`designs.reviewReminders`, a pg-boss schedule): mails each reviewer still
 * pending in an open round whose due day is tomorrow, once. `now` is the tick's time (tests pass
 * their own). Each batch claims its rows and queues their mails in one transaction, so a reviewer
 * is reminded once however many instances tick. Answers how many were reminded.
 */
export async function sendReviewReminders(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await ctx.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, REMINDERS_PER_BATCH);
      for (const reminder of due) {
        const { text, links } = reminder.guestId
          ? guestReminder(reminder, await guestUnsubscribeLink(ctx, tx, reminder.guestId))
          : memberReminder(reminder, `${ctx.config.publicUrl}/app${taskLink(reminder.projectId, reminder.taskId)}`);
        const subject = `Reminder: your review of “${reminder.taskTitle}” is due ${formatDay(reminder.dueAt)}`;
        await queueMail(ctx, { to: reminder.email, subject, text, links }, tx);
      }
      return due.length;
    });
    sent += batch;
    if (batch < REMINDERS_PER_BATCH) return sent;
  }
}

const askedLine = (reminder: ReminderRow) =>
  `You were asked to review the designs of “${reminder.taskTitle}” (${reminder.projectName}, round ${reminder.roundNumber}).`;

function memberReminder(reminder: ReminderRow, link: string) {
  const text = [
    `Hello ${reminder.name},`,
    "",
    askedLine(reminder),
    `Your decision is due ${formatDay(reminder.dueAt)}. Approve them or request changes here:`,
    link,
  ].join("\n");
  return { text, links: [link] };
}

/**
 * A guest's reminder: the review link is not in it (only its hash is kept; their device remembers
 * it), and it carries its own unsubscribe link, as the reply e-mails do (059).
 */
function guestReminder(reminder: ReminderRow, unsubscribe: string) {
  const text = [
    `Hello ${reminder.name},`,
    "",
    askedLine(reminder),
    `Your decision is due ${formatDay(reminder.dueAt)}. Open the review from the link you were given to approve them or request changes.`,
    "",
    `No more of these e-mails: ${unsubscribe}`,
  ].join("\n");
  return { text, links: [unsubscribe] };
}

/** The tick as a job on a pg-boss schedule (every instance may run it; one claims each reminder). */
export function defineReviewReminderJob(ctx: AppContext): void {
  ctx.jobs.define("designs.reviewReminders", () => sendReviewReminders(ctx).then(() => undefined), {
    retryLimit: 2,
    retryDelaySeconds: 60,
  });
  ctx.jobs.schedule("designs.reviewReminders", REVIEW_REMINDER_CRON);
}
