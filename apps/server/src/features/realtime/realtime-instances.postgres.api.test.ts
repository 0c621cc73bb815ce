import { contract, type StreamMessage } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildCast, buildTask, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { listenOn, openSse } from "../../../test/sse-client.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { withTransaction } from "../../core/transaction.ts";

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

/** A stream held by instance B, opened with a token instance A issued. */
async function streamOnB(person: BuiltUser) {
  const init = await a.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  return openSse(`${baseB}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`);
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

  it("hands out event ids in commit order: a writer waits while an earlier one is still open", async () => {
    const designer = await streamOnB(cast.designerOnTeam);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstId = 0;
    // The first unit of work takes its event id, then stays uncommitted until the gate opens.
    const first = withTransaction(
      {
        ...a.ctx,
        eventWriters: [
          async (_tx, events) => {
            firstId = events[0]?.id ?? 0;
            await gate;
          },
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
    await expect.poll(() => firstId).toBeGreaterThan(0);
    // The second, on the other instance, would take a larger id and commit first without the
    // lock; with it, it waits for the first to commit before taking an id.
    const second = buildTask(b, cast.owner, { projectId, title: "Fast" });
    await expect
      .poll(async () => {
        const result = (await a.ctx.db.execute(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        )) as unknown as { rows: Array<{ n: number }> };
        return result.rows[0]?.n;
      })
      .toBe(1);
    release();
    await first;
    await second;
    const messages = await designer.next(2);
    expect(messages.map((message) => payloadOf(message.data))).toEqual([{ title: "Slow" }, { title: "Fast" }]);
    expect(Number(messages[0]?.id)).toBe(firstId);
    expect(Number(messages[1]?.id)).toBeGreaterThan(firstId);
    await designer.close();
  });
});
