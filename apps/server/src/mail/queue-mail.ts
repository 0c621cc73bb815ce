import type { Jobs } from "../core/jobs/jobs.ts";
import type { Tx } from "../db/client.ts";
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
 * The job that sends one mail. A refusal is retried 8 times, the wait doubling from
 * `retrySeconds` (30 s by default: about two hours in all).
 */
export function defineMailJob(jobs: Jobs, mailer: Mailer, retrySeconds: number): void {
  jobs.define("mail.send", (mail) => mailer.send(mail), {
    retryLimit: 8,
    retryDelaySeconds: retrySeconds,
    retryBackoff: retrySeconds > 0,
  });
}
