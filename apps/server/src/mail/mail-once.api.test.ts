import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { JOB_SCHEMA } from "../db/job-schema.ts";
import { mailMessageId, queueMail } from "./queue-mail.ts";

// A mail job run again after its mail went out (its instance died before marking the job done,
// and maintenance put it back for retry) sends nothing more.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ MAIL_RETRY_SECONDS: "0" });
});
afterAll(async () => {
  await t.close();
});

describe("mail jobs", () => {
  it("send a mail once even when the job runs again, with one Message-ID per job", async () => {
    const jobId = await queueMail(t.ctx, { to: "once@example.test", subject: "Once", text: "Only once" });
    expect(await t.readOutbox()).toHaveLength(1);

    // As pg-boss maintenance does with a job whose lease lapsed: back to retry, due already (the
    // queue takes jobs whose start is strictly before now, so "now" itself could wait a tick).
    await t.database.execute(
      `update ${JOB_SCHEMA}.job set state = 'retry', completed_on = null, start_after = now() - interval '1 second' where id = $1::uuid`,
      [jobId],
    );
    const outbox = await t.readOutbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to: "once@example.test", messageId: mailMessageId(jobId ?? "") });
    const { rows } = await t.database.execute(`select state from ${JOB_SCHEMA}.job where id = $1::uuid`, [jobId]);
    expect(rows).toEqual([{ state: "completed" }]);
  });
});
