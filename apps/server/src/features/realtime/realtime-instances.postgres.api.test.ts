import { contract, type StreamMessage } from "@atelier/shared";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildCast,
  buildProject,
  buildTask,
  buildTeamProject,
  buildUser,
  type Cast,
} from "../../../test/builders.ts";
import { listenOn, openSse } from "../../../test/sse-client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { insertEvents } from "../../core/events/repo.ts";
import { withTransaction } from "../../core/transaction.ts";
import type { DbOrTx } from "../../db/client.ts";

// Two server instances over one PostgreSQL database, as behind a load balancer. A
// `*.postgres.api.test.ts` file runs only in the PostgreSQL run (vitest.config.ts): PGlite is one
// process, whose fan-out is the in-process bus.
const env = { SECRETS_KEY: "a-secret-key-both-instances-share-0123456789" };

let a: TestApp;
let b: TestApp;
let cast: Cast;
let projectId: string;
let baseB: string;

beforeAll(async () => {
  a = await createTestApp(env);
  b = await createTestApp(env, {}, { sameDatabaseAs: a });
  cast = await buildCast(a);
  projectId = (await buildTeamProject(a, cast, { name: "Two instances" })).id;
  baseB = await listenOn(b);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A stream held by instance B, opened with a token instance A issued (resuming after `lastEventId`). */
async function streamOnB(person: BuiltUser, lastEventId?: string) {
  const init = await a.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  return openSse(
    `${baseB}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`,
    lastEventId ? { lastEventId } : {},
  );
}

/** A connection of its own to the test database, for transactions the test holds open. */
async function rawConnection(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: a.databaseUrl });
  await client.connect();
  return client;
}

/** Writes one event of the team's project through the app's own event writer, on `client`. */
async function insertOne(client: pg.Client, title: string) {
  const { events } = await insertEvents(drizzle(client) as unknown as DbOrTx, [
    { type: "task.created", actorId: cast.owner.user.id, projectId, subject: null, payload: { title } },
  ]);
  const [event] = events;
  if (!event) throw new Error("no event written");
  return event;
}

const payloadOf = (data: unknown) => {
  const message = data as StreamMessage;
  return message.kind === "change" ? message.payload : null;
};

describe("two instances on one PostgreSQL database", () => {
  it("a change committed through one reaches a stream held by the other", async () => {
    const designer = await streamOnB(cast.designerOnTeam);
    const task = await buildTask(a, cast.owner, { projectId, title: "Through instance A" });
    const [message] = await designer.next(1);
    expect(message?.data).toMatchObject({
      kind: "change",
      type: "task.created",
      subject: { type: "task", id: task.id },
    });
    const data = message?.data as StreamMessage;
    expect(data.kind === "change" ? data.notification?.item.taskName : null).toBe("Through instance A");
    await designer.close();
  });

  it("delivers an event that commits late with a smaller id to a stream resuming after a larger one", async () => {
    const live = await streamOnB(cast.designerOnTeam);
    const older = await rawConnection();
    const newer = await rawConnection();
    try {
      // `older` takes its transaction id first; `newer` then takes the smaller event id and stays
      // open while `older` writes the larger one and commits.
      await older.query("begin");
      await older.query("select pg_current_xact_id()");
      await newer.query("begin");
      const late = await insertOne(newer, "Late");
      const early = await insertOne(older, "Early");
      await older.query("commit");
      expect(late.id).toBeLessThan(early.id);

      const [first] = await live.next(1);
      expect(first?.id).toBe(String(early.id));
      // The browser drops and comes back having seen the larger id; then the smaller one commits.
      const resumed = await streamOnB(cast.designerOnTeam, String(early.id));
      await newer.query("commit");
      const [again] = await resumed.next(1);
      expect(again?.id).toBe(String(late.id));
      expect(payloadOf(again?.data)).toEqual({ title: "Late" });
      const [second] = await live.next(1);
      expect(second?.id).toBe(String(late.id));
      await resumed.close();
    } finally {
      await older.end();
      await newer.end();
      await live.close();
    }
  });

  it("delivers an event held behind an open transaction that writes no events once it ends", async () => {
    const live = await streamOnB(cast.designerOnTeam);
    const other = await rawConnection();
    try {
      // An older transaction with an id (it wrote something, not an event) stays open.
      await other.query("begin");
      await other.query("select pg_current_xact_id()");
      const task = await buildTask(a, cast.owner, { projectId, title: "Behind" });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(live.received).toEqual([]);
      // It ends without a NOTIFY: the hub's retry, not a wake-up, delivers the event.
      await other.query("commit");
      const [message] = await live.next(1);
      expect(message?.data).toMatchObject({ type: "task.created", subject: { type: "task", id: task.id } });
    } finally {
      await other.end();
      await live.close();
    }
  });

  it("lets writers to different projects commit while another's events are uncommitted", async () => {
    const elsewhereOwner = await buildUser(a);
    const elsewhere = await buildProject(a, { admin: cast.admin, owner: elsewhereOwner, name: "Elsewhere" });
    const watcher = await streamOnB(elsewhereOwner);
    const member = await streamOnB(cast.designerOnTeam);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = false;
    // A unit of work in the team's project writes its events and notifications, then stays open.
    const first = withTransaction(
      {
        ...a.ctx,
        eventWriters: [
          ...a.ctx.eventWriters,
          () => ({
            after: async () => {
              written = true;
              await gate;
            },
          }),
        ],
      },
      async (_tx, emit) =>
        emit({
          type: "task.created",
          actorId: cast.owner.user.id,
          projectId,
          subject: null,
          payload: { title: "Slow" },
        }),
    );
    try {
      await expect.poll(() => written).toBe(true);
      // A change in another project, through the other instance, commits meanwhile.
      const second = buildTask(b, elsewhereOwner, { projectId: elsewhere.id, title: "Not waiting" });
      const outcome = await Promise.race([
        second.then(() => "committed"),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5000)),
      ]);
      expect(outcome).toBe("committed");
      // Its event is held back from the streams until the older transaction ends, then delivered.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(watcher.received).toEqual([]);
    } finally {
      release();
    }
    await first;
    const [mine] = await watcher.next(1);
    expect(payloadOf(mine?.data)).toMatchObject({ title: "Not waiting" });
    const [theirs] = await member.next(1);
    expect(payloadOf(theirs?.data)).toEqual({ title: "Slow" });
    await watcher.close();
    await member.close();
  });
});
