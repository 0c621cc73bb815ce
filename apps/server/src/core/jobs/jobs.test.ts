import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../db/client.ts";
import { createPgBossJobs } from "./pg-boss-jobs.ts";

// The job runner over a real embedded database (PGlite, as `npm start` runs it).
let database: Database;
const log = pino({ level: "silent" });
const mail = (to: string) => ({ to, subject: "Hello", text: "Hi" });

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
});
afterAll(async () => {
  await database.close();
});

describe("background jobs", () => {
  it("keeps a queued job across a restart and runs it on the next start", async () => {
    const first = createPgBossJobs({ execute: database.execute, log });
    first.define("mail.send", async () => {
      throw new Error("the first instance never gets to it");
    });
    await first.start({ work: false });
    await first.send("mail.send", mail("after-restart@example.test"));
    await first.stop();

    const sent: string[] = [];
    const second = createPgBossJobs({ execute: database.execute, log });
    second.define("mail.send", async (data) => {
      sent.push(data.to);
    });
    await second.start({ work: false });
    await second.drain();
    expect(sent).toEqual(["after-restart@example.test"]);
    await second.drain();
    expect(sent).toHaveLength(1);
    await second.stop();
  });

  it("retries a failing job by its policy and gives up after the last try", async () => {
    let attempts = 0;
    const jobs = createPgBossJobs({ execute: database.execute, log });
    jobs.define(
      "mail.send",
      async () => {
        attempts += 1;
        throw new Error("mail server down");
      },
      { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false },
    );
    await jobs.start({ work: false });
    await jobs.send("mail.send", mail("never@example.test"));
    await jobs.drain();
    expect(attempts).toBe(3);
    await jobs.stop();
  });

  it("lets a running job finish before stop returns (graceful shutdown)", async () => {
    const events: string[] = [];
    const jobs = createPgBossJobs({ execute: database.execute, log });
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    jobs.define("mail.send", async (data) => {
      events.push(`start ${data.to}`);
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push(`end ${data.to}`);
    });
    await jobs.start();
    await jobs.send("mail.send", mail("slow@example.test"));
    await running;
    await jobs.stop();
    events.push("stopped");
    expect(events).toEqual(["start slow@example.test", "end slow@example.test", "stopped"]);
  });

  it("retries a job whose instance died on another instance within the lease, and settles it once", async () => {
    const lease = { leaseSeconds: 2, maintenanceSeconds: 1 };
    const policy = { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false };
    const runs: string[] = [];
    let release: () => void = () => {};
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const dying = createPgBossJobs({ execute: database.execute, log, lease });
    dying.define(
      "mail.send",
      async (_data, job) => {
        runs.push(`dying attempt ${job.attempt}`);
        started();
        // Never finishes while the test needs it: the instance "dies" with the job in hand.
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      policy,
    );
    await dying.start();
    const jobId = await dying.send("mail.send", mail("lease@example.test"));
    await running;
    await dying.stop({ graceful: false });
    const diedAt = Date.now();

    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const survivor = createPgBossJobs({ execute: database.execute, log, lease });
    survivor.define(
      "mail.send",
      async (_data, job) => {
        runs.push(`survivor attempt ${job.attempt}`);
        finished();
      },
      policy,
    );
    await survivor.start();
    await done;
    // lease 2 s + maintenance 1 s + polling 1 s, with room for a slow machine; 60 s at most by default.
    expect(Date.now() - diedAt).toBeLessThan(10_000);
    release();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await survivor.stop();
    expect(runs).toEqual(["dying attempt 0", "survivor attempt 1"]);
    const { rows } = await database.execute(`select state from pgboss.job where id = $1::uuid`, [jobId]);
    expect(rows).toEqual([{ state: "completed" }]);
  }, 30_000);

  it("keeps a long job running past its lease while its instance renews it", async () => {
    const lease = { leaseSeconds: 2, maintenanceSeconds: 1 };
    const attempts: number[] = [];
    const jobs = createPgBossJobs({ execute: database.execute, log, lease });
    let finished: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    jobs.define(
      "mail.send",
      async (_data, job) => {
        attempts.push(job.attempt);
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        expect(job.signal.aborted).toBe(false);
        finished();
      },
      { retryLimit: 3, retryDelaySeconds: 0, retryBackoff: false },
    );
    await jobs.start();
    await jobs.send("mail.send", mail("long@example.test"));
    await done;
    await jobs.stop();
    expect(attempts).toEqual([0]);
  }, 30_000);
});
