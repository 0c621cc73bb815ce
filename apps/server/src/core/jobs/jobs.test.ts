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
});
