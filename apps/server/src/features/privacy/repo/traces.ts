import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { JOB_SCHEMA } from "../../../db/job-schema.ts";
import { events } from "../../../db/schema/index.ts";

/** Event payloads that carry the person's e-mail (an invite to them) lose it. */
export async function forgetEmailInEvents(db: DbOrTx, email: string): Promise<void> {
  await db
    .update(events)
    .set({ payload: sql`jsonb_set(${events.payload}, '{email}', '""'::jsonb)` })
    // The key test lets PostgreSQL use the partial index of payload e-mails (events_payload_email_idx).
    .where(sql`${events.payload} ? 'email' and ${events.payload}->>'email' = ${email}`);
}

/**
 * Mail jobs addressed to the person, waiting or done (pg-boss keeps finished jobs and their data
 * for a while): their address and name must not outlive the removal. A mail being sent right
 * now is left to finish.
 */
export async function forgetMailTo(db: DbOrTx, email: string): Promise<void> {
  for (const table of ["job", "archive"]) {
    await db.execute(
      sql`delete from ${sql.identifier(JOB_SCHEMA)}.${sql.identifier(table)} where name = 'mail.send' and data->>'to' = ${email} and state <> 'active'`,
    );
  }
}
