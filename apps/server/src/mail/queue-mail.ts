import { eq } from "drizzle-orm";
import type { Jobs } from "../core/jobs/jobs.ts";
import type { Db, Tx } from "../db/client.ts";
import { mailSends } from "../db/schema/index.ts";
import type { Mail, Mailer } from "./mailer.ts";

/**
 * Mail goes out from a job, never from the request: the change commits, the caller gets the
 * truth, and a mail server that is down is retried later (issue: an invite answered 500 with the
 * member already added when SMTP failed).
 */
export function queueMail(ctx: { jobs: Jobs }, mail: Mail, tx?: Tx): Promise<string | null> {
  return ctx.jobs.send("mail.send", mail, tx ? { tx } : {});
}

/**
 * The job that sends one mail. A refusal is retried 9 times, the wait doubling from
 * `retrySeconds` (10 s by default: about two hours in all).
 *
 * Sent once (decision 028): the job's id is recorded as soon as the mail server took the mail,
 * and a retry of a recorded job sends nothing. Only an instance dying in the instant between the
 * server's acceptance and that record can send it again, and then with the same Message-ID
 * (made from the job id), by which mail systems recognise a duplicate.
 */
export function defineMailJob(jobs: Jobs, mailer: Mailer, options: { db: Db; retrySeconds: number }): void {
  jobs.define(
    "mail.send",
    async (mail, job) => {
      const [sent] = await options.db.select().from(mailSends).where(eq(mailSends.jobId, job.id)).limit(1);
      if (sent) return;
      await mailer.send({ ...mail, messageId: mailMessageId(job.id) });
      await options.db.insert(mailSends).values({ jobId: job.id }).onConflictDoNothing();
    },
    {
      retryLimit: 9,
      retryDelaySeconds: options.retrySeconds,
      retryBackoff: options.retrySeconds > 0,
    },
  );
}

/** One Message-ID per mail job, the same on every try. */
export const mailMessageId = (jobId: string) => `<${jobId}@mail.atelier>`;
