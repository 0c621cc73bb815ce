import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { events } from "../db/schema/index.ts";
import type { DomainEvent } from "./events/event.ts";
import { withTransaction } from "./transaction.ts";

let t: TestApp;
const heard: DomainEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.events.subscribe((event) => {
    heard.push(event);
  });
});
afterAll(async () => {
  await t.close();
});

const projectId = "00000000-0000-4000-8000-000000000001";
const memberAdded = (userId: string) =>
  ({
    type: "project.memberAdded",
    actorId: null,
    projectId,
    subject: { type: "user", id: userId },
    payload: { userId, projectRole: "viewer" },
  }) as const;

async function storedFor(userId: string) {
  return t.ctx.db.select().from(events).where(eq(events.subjectId, userId));
}

describe("withTransaction", () => {
  it("writes each event with the change and hands it to listeners after the commit, in order", async () => {
    const seenInside: number[] = [];
    await withTransaction(t.ctx, async (_tx, emit) => {
      emit(memberAdded("u-1"));
      emit(memberAdded("u-2"));
      seenInside.push(heard.length);
    });
    expect(seenInside).toEqual([0]);
    const first = await storedFor("u-1");
    const second = await storedFor("u-2");
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ type: "project.memberAdded", projectId, subjectType: "user" });
    expect(first[0]?.payload).toEqual({ userId: "u-1", projectRole: "viewer" });
    await expect.poll(() => heard.map((event) => event.subject?.id)).toEqual(["u-1", "u-2"]);
    expect(heard[0]?.id).toBe(first[0]?.id);
    expect((second[0]?.id ?? 0) > (first[0]?.id ?? 0)).toBe(true);
  });

  it("writes and announces nothing when the work fails", async () => {
    const before = heard.length;
    await expect(
      withTransaction(t.ctx, async (_tx, emit) => {
        emit(memberAdded("u-rolled-back"));
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await storedFor("u-rolled-back")).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toHaveLength(before);
  });

  it("enqueues a job only when the transaction commits", async () => {
    const mail = (to: string) => ({ to, subject: "s", text: "t" });
    await withTransaction(t.ctx, async (tx) => {
      await t.ctx.jobs.send("mail.send", mail("kept@example.test"), { tx });
    });
    await expect(
      withTransaction(t.ctx, async (tx) => {
        await t.ctx.jobs.send("mail.send", mail("dropped@example.test"), { tx });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const sent = (await t.readOutbox()).map((m) => m.to);
    expect(sent).toContain("kept@example.test");
    expect(sent).not.toContain("dropped@example.test");
  });

  it("keeps a listener's failure away from the caller and the other listeners", async () => {
    const other: string[] = [];
    const stopFailing = t.ctx.events.subscribe(() => {
      throw new Error("listener broke");
    });
    const stopOther = t.ctx.events.subscribe((event) => {
      if (event.subject) other.push(event.subject.id);
    });
    await withTransaction(t.ctx, async (_tx, emit) => emit(memberAdded("u-3")));
    await expect.poll(() => other).toEqual(["u-3"]);
    stopFailing();
    stopOther();
  });
});
