import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { type ApiErrorBody, endpoint } from "@atelier/shared";
import Fastify, { type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { type BuiltUser, buildUser } from "../../test/builders.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";
import { binaryRoute } from "./binary-route.ts";
import { registerErrorHandler } from "./error-handler.ts";
import { forbidden } from "./errors.ts";
import { type EventStream, eventStreamRoute } from "./event-stream-route.ts";
import { rawBodyRoute } from "./raw-body-route.ts";
import { responseSerializerCompiler } from "./response-serializer.ts";
import { JsonText, openRoute } from "./route.ts";

// The route kinds coming features build on, each registered from a contract endpoint exactly as
// a feature would, on a real server over a real database (for the token checks).
const files = endpoint({
  method: "GET",
  path: "/kinds/file/:name",
  summary: "a binary answer",
  tag: "test",
  auth: true,
  answer: "binary",
  params: z.object({ name: z.enum(["hello.txt"]) }),
  query: z.object({ upper: z.enum(["0", "1"]).default("0") }),
  response: z.unknown(),
});
const ticks = endpoint({
  method: "GET",
  path: "/kinds/ticks",
  summary: "an event stream",
  tag: "test",
  auth: false,
  answer: "events",
  query: z.object({ from: z.coerce.number().int().min(0) }),
  response: z.object({ n: z.number() }),
});
const shaped = endpoint({
  method: "GET",
  path: "/kinds/shaped",
  summary: "a JSON answer",
  tag: "test",
  auth: false,
  query: z.object({ answer: z.enum(["extra", "wrong"]) }),
  response: z.object({ n: z.number() }),
});
const written = endpoint({
  method: "GET",
  path: "/kinds/written",
  summary: "a JSON answer written as text (by PostgreSQL)",
  tag: "test",
  auth: false,
  query: z.object({ answer: z.enum(["right", "extra", "wrong"]) }),
  response: z.object({ n: z.number(), items: z.array(z.object({ id: z.string() })) }),
});
const hook = endpoint({
  method: "POST",
  path: "/kinds/hook",
  summary: "a signed webhook",
  tag: "test",
  auth: false,
  rawBody: true,
  body: z.object({ amount: z.number().int().positive() }),
  response: z.object({ bytes: z.number(), amount: z.number() }),
});

let t: TestApp;
let user: BuiltUser;
let server: FastifyInstance;
let base: string;
const streams: Array<EventStream<{ n: number }>> = [];

beforeAll(async () => {
  t = await createTestApp();
  user = await buildUser(t);
  server = Fastify();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(server);
  binaryRoute(server, t.ctx, files, async ({ query, actor }) => {
    const text = `hello ${actor?.email}`;
    return {
      status: 200,
      headers: { "content-type": "text/plain", "x-kind": "binary" },
      body: Readable.from([query.upper === "1" ? text.toUpperCase() : text]),
    };
  });
  eventStreamRoute(server, t.ctx, ticks, async ({ query, stream }) => {
    // Refused after the handler started, before it sent anything.
    if (query.from === 403) throw forbidden();
    streams.push(stream);
    const start = stream.lastEventId ? Number(stream.lastEventId) + 1 : query.from;
    for (let n = start; n < start + 3; n += 1) stream.send({ id: n, event: "tick", data: { n } });
  });
  openRoute(
    server,
    shaped,
    async ({ query }) =>
      // A presenter's slip: a field the contract does not name, or a wrong type.
      (query.answer === "extra" ? { n: 1, passwordHash: "secret" } : { n: "one" }) as unknown as { n: number },
  );
  openRoute(server, written, async ({ query }) => {
    const texts = {
      right: '{"n":1,"items":[{"id":"a"}]}',
      // SQL that grew a column the contract does not name, deep inside the answer.
      extra: '{"n":1,"items":[{"id":"a","passwordHash":"secret"}]}',
      wrong: '{"n":"one","items":[]}',
    };
    return new JsonText<{ n: number; items: Array<{ id: string }> }>(texts[query.answer]);
  });
  rawBodyRoute(server, t.ctx, hook, async ({ rawBody, parseBody }) => {
    // A webhook checks its signature over these exact bytes before trusting the JSON.
    if (!rawBody.toString("utf8").startsWith('{"amount"')) throw new Error("unexpected bytes");
    return { bytes: rawBody.length, amount: parseBody().amount };
  });
  await server.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await t.close();
});

/** Reads an event stream until `count` messages have arrived. */
async function readMessages(response: Response, count: number): Promise<string[]> {
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no body");
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const frames = text.split("\n\n").filter((frame) => frame.includes("data:"));
    if (frames.length >= count) {
      await reader.cancel();
      return frames.slice(0, count);
    }
    const { value, done } = await reader.read();
    if (done) return frames;
    text += decoder.decode(value, { stream: true });
  }
}

describe("binary route", () => {
  it("streams bytes with the handler's headers to a signed-in caller", async () => {
    const res = await fetch(`${base}/kinds/file/hello.txt?upper=1`, { headers: { "auth-token": user.token } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-kind")).toBe("binary");
    expect(await res.text()).toBe(`HELLO ${user.user.email.toUpperCase()}`);
  });

  it("checks the token and the contract's params before the handler runs", async () => {
    expect((await fetch(`${base}/kinds/file/hello.txt`)).status).toBe(401);
    const bad = await fetch(`${base}/kinds/file/other.txt`, { headers: { "auth-token": user.token } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ApiErrorBody).code).toBe("BAD_INPUT");
  });
});

describe("event-stream route", () => {
  it("sends numbered messages as Server-Sent Events", async () => {
    const res = await fetch(`${base}/kinds/ticks?from=5`);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(await readMessages(res, 3)).toEqual([
      'id: 5\nevent: tick\ndata: {"n":5}',
      'id: 6\nevent: tick\ndata: {"n":6}',
      'id: 7\nevent: tick\ndata: {"n":7}',
    ]);
  });

  it("resumes after the Last-Event-ID the browser sends on reconnect", async () => {
    const res = await fetch(`${base}/kinds/ticks?from=0`, { headers: { "last-event-id": "41" } });
    const messages = await readMessages(res, 1);
    expect(messages[0]).toContain("id: 42");
  });

  it("refuses a bad query with the JSON error before any stream opens", async () => {
    const res = await fetch(`${base}/kinds/ticks?from=-1`);
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/json");
  });

  it("opens only when the handler is ready: one that fails first answers the JSON error", async () => {
    const res = await fetch(`${base}/kinds/ticks?from=403`);
    expect(res.status).toBe(403);
    expect(((await res.json()) as ApiErrorBody).code).toBe("FORBIDDEN");
  });

  it("knows when the client goes away", async () => {
    const controller = new AbortController();
    const res = await fetch(`${base}/kinds/ticks?from=0`, { signal: controller.signal });
    const reader = res.body?.getReader();
    await reader?.read();
    const stream = streams.at(-1);
    controller.abort();
    await expect(stream?.closed).resolves.toBeUndefined();
  });
});

describe("JSON route", () => {
  it("sends only what the response schema names, and refuses a wrong shape as a 500", async () => {
    const extra = await fetch(`${base}/kinds/shaped?answer=extra`);
    expect(await extra.json()).toEqual({ n: 1 });
    const wrong = await fetch(`${base}/kinds/shaped?answer=wrong`);
    expect(wrong.status).toBe(500);
    expect(((await wrong.json()) as ApiErrorBody).code).toBe("INTERNAL");
  });
});

describe("JSON written as text", () => {
  it("is sent as it is when it fits its schema, and is a 500 in tests when it names more or differs", async () => {
    const right = await fetch(`${base}/kinds/written?answer=right`);
    expect(await right.json()).toEqual({ n: 1, items: [{ id: "a" }] });
    for (const answer of ["extra", "wrong"]) {
      const res = await fetch(`${base}/kinds/written?answer=${answer}`);
      expect(res.status, answer).toBe(500);
      expect(((await res.json()) as ApiErrorBody).code).toBe("INTERNAL");
    }
  });
});

describe("raw-body route", () => {
  it("hands the handler the exact bytes sent, then validates them against the contract", async () => {
    const body = '{"amount":  12}';
    const res = await fetch(`${base}/kinds/hook`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bytes: body.length, amount: 12 });
  });

  it("answers 400 with fields when the JSON breaks the contract", async () => {
    const res = await fetch(`${base}/kinds/hook`, {
      method: "POST",
      body: '{"amount": -3}',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ApiErrorBody).fields).toHaveProperty("amount");
  });
});
