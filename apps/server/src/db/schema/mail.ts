import { pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Mail jobs that have handed their mail to the mail server, by job id: a retry of the same job
 * (its instance died after sending, before the job was marked done) does not send it again.
 */
export const mailSends = pgTable("mail_sends", {
  jobId: uuid("job_id").primaryKey(),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
