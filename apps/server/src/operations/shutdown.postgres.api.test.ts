import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import http, { type IncomingMessage } from "node:http";
import path from "node:path";
import { createInterface } from "node:readline";
import { contract, type StreamMessage } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildCast, buildTask, buildTeamProject, type Cast } from "../../test/builders.ts";
import { multipartFile } from "../../test/multipart.ts";
import { listenOn, openSse, type SseClient } from "../../test/sse-client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// SIGTERM under load, on the real server (main.ts) as a child process over a PostgreSQL test
// database, beside an in-process instance `a` on the same database and files, as another
// instance behind the load balancer would be.
const SHUTDOWN_SECONDS = 10;
const METRICS_TOKEN = "metrics-token-for-the-tests-0123";
const env = { SECRETS_KEY: "a-secret-key-both-instances-share-0123456789" };
const mainFile = path.join(import.meta.dirname, "../main.ts");
const repoRoot = path.join(import.meta.dirname, "../../../..");

interface LogLine {
  msg?: string;
  req?: { url?: string };
}

interface Instance {
  url: string;
  child: ChildProcess;
  /** Settles when a log line passing `test` has been written `count` times in all. */
  logged(test: (line: LogLine) => boolean, count?: number): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
}

async function startInstance(environment: Record<string, string>): Promise<Instance> {
  const child = spawn(process.execPath, ["--import", "tsx", mainFile], {
    cwd: repoRoot,
    env: { ...process.env, ...environment, HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const waiters = new Set<() => void>();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => {
    child.once("exit", (code, signal) => {
      resolve({ code, signal, at: Date.now() });
      for (const waiter of waiters) waiter();
    });
  });
  child.stderr?.on("data", (chunk: Buffer) => raw.push(chunk.toString()));
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    raw.push(line);
    if (!line.startsWith("{")) return;
    lines.push(JSON.parse(line) as LogLine);
    for (const waiter of waiters) waiter();
  });
  const logged = (test: (line: LogLine) => boolean, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (lines.filter(test).length >= count) {
          waiters.delete(check);
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          waiters.delete(check);
          reject(new Error(`the instance exited before logging what was awaited:\n${raw.join("\n")}`));
        }
      };
      waiters.add(check);
      check();
    });
  await logged((line) => line.msg?.startsWith("Server listening at ") ?? false);
  const listening = lines.find((line) => line.msg?.startsWith("Server listening at "))?.msg ?? "";
  return {
    url: listening.slice("Server listening at ".length),
    child,
    logged,
    exited,
    output: () => raw.join("\n"),
  };
}

/** An upload whose body is half sent: the server has it in flight until `finish`. */
function startUpload(url: string, token: string, content: Buffer) {
  const { payload, headers } = multipartFile({ content, filename: "slow.bin" });
  const request = http.request(url, {
    method: "POST",
    headers: { ...headers, "content-length": String(payload.length), "auth-token": token },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once("response", (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      response.once("error", reject);
    });
    request.once("error", reject);
  });
  const half = Math.floor(payload.length / 2);
  request.write(payload.subarray(0, half));
  return {
    answer,
    finish: () => {
      request.end(payload.subarray(half));
      return answer;
    },
  };
}

/** A download read slowly: the first chunk, then nothing until `finish` reads the rest. */
async function startDownload(url: string) {
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    http.get(url, resolve).once("error", reject);
  });
  let received = 0;
  await new Promise<void>((resolve) => {
    response.once("data", (chunk: Buffer) => {
      response.pause();
      received += chunk.length;
      resolve();
    });
  });
  return {
    status: response.statusCode,
    async finish() {
      response.on("data", (chunk: Buffer) => {
        received += chunk.length;
      });
      response.resume();
      await once(response, "end");
      return received;
    },
  };
}

let a: TestApp;
let cast: Cast;
let projectId: string;
let instance: Instance;

beforeAll(async () => {
  a = await createTestApp(env);
  cast = await buildCast(a);
  projectId = (await buildTeamProject(a, cast, { name: "Shutdown" })).id;
  if (!a.databaseUrl) throw new Error("needs TEST_DB=postgres");
  instance = await startInstance({
    ...env,
    DATABASE_URL: a.databaseUrl,
    DATA_DIR: a.config.dataDir,
    PUBLIC_URL: "http://localhost:3000",
    SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
    DATABASE_POOL_MAX: "4",
    METRICS_TOKEN,
  });
}, 120_000);
afterAll(async () => {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill("SIGKILL");
  await a.close();
});

async function streamOn(base: string, person: BuiltUser, lastEventId?: string): Promise<SseClient> {
  const init = await a.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  const url = `${base}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`;
  return openSse(url, lastEventId ? { lastEventId } : {});
}

const changeOf = (data: unknown) => {
  const message = data as StreamMessage;
  return message.kind === "change" ? message : null;
};

describe("SIGTERM under load", () => {
  it("finishes every request started before it, sends streams elsewhere, and exits 0 in time", async () => {
    const owner = cast.owner;
    const designer = cast.designerOnTeam;

    // A stream on the stopping instance that has seen one event (its resume point).
    const stream = await streamOn(instance.url, designer);
    expect(stream.status).toBe(200);
    await buildTask(a, owner, { projectId, title: "Before the stop" });
    const [seen] = await stream.next(1);
    expect(changeOf(seen?.data)?.type).toBe("task.created");
    const resumeFrom = seen?.id;
    if (!resumeFrom) throw new Error("the event had no id");

    // Slow work in flight: two uploads half sent, a large download read one chunk.
    const big = randomBytes(16 * 1024 * 1024);
    const stored = await a.upload(contract.files.upload, {
      token: owner.token,
      query: { purpose: "attachment" },
      file: { content: big, filename: "big.bin", contentType: "application/octet-stream" },
    });
    const download = await startDownload(`${instance.url}/serve/s/${stored.body.key}`);
    expect(download.status).toBe(200);
    const uploads = [1, 2].map(() =>
      startUpload(`${instance.url}/upload/file?purpose=attachment`, owner.token, randomBytes(1024 * 1024)),
    );
    // And a burst of ordinary calls.
    const burst = Array.from({ length: 20 }, () =>
      fetch(`${instance.url}/v3/project/get/${projectId}`, { headers: { "auth-token": owner.token } }).then(
        (response) => response.status,
      ),
    );
    const arrived = (prefix: string) => (line: LogLine) =>
      line.msg === "incoming request" && (line.req?.url?.startsWith(prefix) ?? false);
    await instance.logged(arrived("/upload/file"), 2);
    await instance.logged(arrived(`/v3/project/get/${projectId}`), 20);

    // The instance's own figures: its pool as set, the stream, the half-sent uploads in flight.
    const scraped = await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const figures = await scraped.text();
    const figure = (series: string) =>
      Number(
        figures
          .split("\n")
          .find((line) => line.startsWith(`${series} `))
          ?.slice(series.length + 1),
      );
    expect(figure('atelier_db_pool_connections{state="max"}')).toBe(4);
    expect(figure("atelier_event_streams_open")).toBe(1);
    expect(figure("http_requests_in_flight")).toBeGreaterThanOrEqual(3);

    const killedAt = Date.now();
    instance.child.kill("SIGTERM");

    // The stream is told to come back soon, and ends.
    await stream.ended;
    const retry = stream.retries.at(-1) ?? 0;
    expect(stream.retries.length).toBe(2);
    expect(retry).toBeGreaterThanOrEqual(250);
    expect(retry).toBeLessThan(1250);
    // New requests are not taken: the connection is refused, or answered 503 while closing.
    const late = await fetch(`${instance.url}/health/ready`).then(
      (response) => response.status,
      () => "refused" as const,
    );
    expect([503, "refused"]).toContain(late);
    // Something happens while the stream is away.
    const during = await buildTask(a, owner, { projectId, title: "During the stop" });

    // What started before SIGTERM finishes.
    for (const upload of uploads) {
      const answer = await upload.finish();
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ key: expect.any(String), size: 1024 * 1024 });
    }
    expect(await download.finish()).toBe(big.length);
    expect(await Promise.all(burst)).toEqual(burst.map(() => 200));

    const exit = await instance.exited;
    expect({ code: exit.code, signal: exit.signal }, instance.output()).toEqual({ code: 0, signal: null });
    expect(exit.at - killedAt).toBeLessThan(SHUTDOWN_SECONDS * 1000);
    const log = instance.output();
    expect(log).toContain("shutting down");
    expect(log).toContain('"msg":"stopped"');

    // The browser reconnects (elsewhere) from its last event and misses nothing.
    const resumed = await streamOn(await listenOn(a), designer, resumeFrom);
    const [next] = await resumed.next(1);
    expect(changeOf(next?.data)).toMatchObject({ type: "task.created", subject: { type: "task", id: during.id } });
    await resumed.close();
  }, 120_000);
});
