import { contract, STREAM_POINT_HEADER, type StreamMessage } from "@atelier/shared";
import { sql } from "drizzle-orm";
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
async function streamOnB(person: BuiltUser, lastEventId?: string, opening?: () => void) {
  const init = await a.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  opening?.();
  return openSse(
    `${baseB}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`,
    lastEventId ? { lastEventId } : {},
  );
}

/** A stream held by instance A (resuming after `lastEventId`, or from a read's point). */
async function streamOnA(person: BuiltUser, lastEventId?: string, from?: string) {
  const init = await a.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  const query = `token=${encodeURIComponent(init.body.token)}${from ? `&point=${from}` : ""}`;
  return openSse(`${await listenOn(a)}${init.body.streamPath}?${query}`, lastEventId ? { lastEventId } : {});
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

  it("with many writers committing at once, every stream gets every event it may see, once, in order", async () => {
    const WRITERS = 6;
    const ROUNDS = 8;
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const jitter = () => sleep(Math.floor(Math.random() * 12));
    const written: number[] = [];
    // For each event: whether the stream opened mid-way was open, and whether the read whose
    // point the other stream starts from had been answered, before its transaction began.
    const beganAfter = new Map<number, { freshOpen: boolean; pointRead: boolean }>();
    const committedBefore = new Map<number, boolean>();
    let freshAsked = false;
    let freshOpen = false;
    let pointRead = false;

    const [onB, onA] = await Promise.all([streamOnB(cast.designerOnTeam), streamOnA(cast.designerOnTeam)]);
    const dropping = await streamOnB(cast.designerOnTeam);

    const writer = async (w: number) => {
      const client = await rawConnection();
      try {
        for (let round = 0; round < ROUNDS; round += 1) {
          const began = { freshOpen, pointRead };
          await client.query("begin");
          // Half the transactions take their id first and write later: commits land out of id order.
          if ((w + round) % 2 === 0) await client.query("select pg_current_xact_id()");
          await jitter();
          const inputs = Array.from({ length: 1 + ((w * round) % 2) }, (_, i) => ({
            type: "task.created" as const,
            actorId: cast.owner.user.id,
            projectId,
            subject: null,
            payload: { title: `w${w} r${round} e${i}` },
          }));
          const { events } = await insertEvents(drizzle(client) as unknown as DbOrTx, inputs);
          await jitter();
          await client.query("commit");
          for (const event of events) {
            written.push(event.id);
            beganAfter.set(event.id, began);
            committedBefore.set(event.id, !freshAsked);
          }
        }
      } finally {
        await client.end();
      }
    };
    const writing = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));

    // Mid-way: a stream opens fresh, another drops and resumes on the other instance, and a read
    // answers the point a third stream then opens from.
    await expect.poll(() => written.length, { interval: 5, timeout: 20_000 }).toBeGreaterThanOrEqual(15);
    const fresh = await streamOnB(cast.designerOnTeam, undefined, () => {
      freshAsked = true;
    });
    freshOpen = true;
    await expect.poll(() => dropping.received.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await dropping.close();
    const droppedAt = dropping.received.at(-1)?.id;
    const resumed = await streamOnA(cast.designerOnTeam, droppedAt);
    const read = await a.api(contract.tasks.list, {
      token: cast.designerOnTeam.token,
      params: { id: projectId },
      headers: { [STREAM_POINT_HEADER]: "1" },
    });
    pointRead = true;
    await expect.poll(() => written.length, { interval: 5, timeout: 20_000 }).toBeGreaterThanOrEqual(30);
    const fromPoint = await streamOnA(cast.designerOnTeam, undefined, String(read.headers[STREAM_POINT_HEADER]));
    await writing;
    const total = written.length;
    expect(total).toBeGreaterThan(WRITERS * ROUNDS);

    // The streams' order: (transaction id, event id).
    const order = await a.ctx.db.execute(
      sql`select id from events where id = any(${`{${written.join(",")}}`}::bigint[]) order by xid, id`,
    );
    const inOrder = (order as unknown as { rows: Array<{ id: number | string }> }).rows.map((row) => Number(row.id));
    const ours = new Set(written);
    const idsOf = (stream: { received: Array<{ id: string | undefined }> }) =>
      stream.received.map((message) => Number(message.id)).filter((id) => ours.has(id));
    const expectOrderedOnce = (ids: number[]) => {
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(inOrder.filter((id) => ids.includes(id)));
    };

    for (const stream of [onB, onA]) {
      await expect.poll(() => idsOf(stream).length, { timeout: 20_000 }).toBe(total);
      expect(idsOf(stream)).toEqual(inOrder);
    }
    // The dropped stream and its resumption: everything, once, in order.
    await expect.poll(() => idsOf(dropping).length + idsOf(resumed).length, { timeout: 20_000 }).toBe(total);
    expect([...idsOf(dropping), ...idsOf(resumed)]).toEqual(inOrder);
    // The fresh stream: all that began after it opened, nothing that committed before it was asked for.
    const mustFresh = written.filter((id) => beganAfter.get(id)?.freshOpen);
    await expect
      .poll(() => mustFresh.filter((id) => idsOf(fresh).includes(id)).length, { timeout: 20_000 })
      .toBe(mustFresh.length);
    expectOrderedOnce(idsOf(fresh));
    expect(idsOf(fresh).filter((id) => committedBefore.get(id))).toEqual([]);
    // The stream from the read's point: all that began after the read, perhaps a few before.
    const mustPoint = written.filter((id) => beganAfter.get(id)?.pointRead);
    await expect
      .poll(() => mustPoint.filter((id) => idsOf(fromPoint).includes(id)).length, { timeout: 20_000 })
      .toBe(mustPoint.length);
    expectOrderedOnce(idsOf(fromPoint));

    for (const stream of [onB, onA, fresh, resumed, fromPoint]) await stream.close();
  });
});
