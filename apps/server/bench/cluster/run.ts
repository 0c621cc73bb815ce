import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startTestS3, type TestS3 } from "../../test/s3-server.ts";
import { postgresCpuMs } from "../cpu.ts";
import { type BenchDatabase, openBenchDatabase } from "../database.ts";
import { startTsWorker } from "../load.ts";
import { HttpClient } from "./http.ts";
import { ServerInstance } from "./instances.ts";
import { runMixedLoad } from "./load.ts";
import { ensureHaproxy, startProxy } from "./proxy.ts";
import { checkCluster, type PhaseReport, printChecks, printPhase } from "./report.ts";
import { type ClusterCast, seedCluster } from "./seed.ts";
import type { StreamsInput, StreamsMessage } from "./streams-worker.ts";

/**
 * `npm run bench:cluster` (fleet issue): three instances of the server over one PostgreSQL
 * database and one S3-compatible bucket behind HAProxy, a mixed load of signed-in clients with
 * event streams, one instance killed with SIGKILL and restarted midway; first the same load on
 * one instance, for the CPU each request costs without a fleet.
 */
const settings = {
  serverUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  clients: Number(process.env.BENCH_CLUSTER_CLIENTS ?? 200),
  streams: Number(process.env.BENCH_CLUSTER_STREAMS ?? 100),
  seconds: Number(process.env.BENCH_CLUSTER_SECONDS ?? 60),
  baselineSeconds: Number(process.env.BENCH_CLUSTER_BASELINE_SECONDS ?? 30),
  // About 80 calls a second from 200 people: below what 2 cores serve (~100/s), so the figures are the
  // system's own and not a queue's; lower it to find the ceiling.
  thinkMs: Number(process.env.BENCH_CLUSTER_THINK_MS ?? 2500),
};
/** When the second instance is killed and started again, as fractions of the run (20 s and 40 s of 60). */
const KILL_AT = 1 / 3;
const RESTART_AT = 2 / 3;
/** How long the streams keep listening after the load stopped. */
const DRAIN_MS = 3000;

async function main(): Promise<boolean> {
  ensureHaproxy();
  // The instances start as the image does, which needs the web app built.
  execFileSync(process.execPath, [path.join(import.meta.dirname, "../../../../scripts/build-web.mjs")], {
    stdio: "inherit",
  });
  console.log(
    `Cluster bench: ${settings.clients} clients, ${settings.streams} streams, one instance for ${settings.baselineSeconds} s, ` +
      `then three for ${settings.seconds} s (one killed at ${Math.round(settings.seconds * KILL_AT)} s, restarted at ${Math.round(settings.seconds * RESTART_AT)} s)`,
  );
  const bench = await openBenchDatabase(settings.serverUrl);
  const s3 = await startTestS3();
  const stops: (() => Promise<unknown>)[] = [];
  try {
    const instances = await makeInstances(bench, s3);
    // A run that fails midway leaves no server behind (their own process groups outlive this one).
    stops.push(async () => {
      for (const instance of instances) instance.kill();
    });
    const [first, second, third] = instances as [ServerInstance, ServerInstance, ServerInstance];
    await first.start();
    const oneProxy = await freePort();
    stops.push(await startProxy({ dir: bench.dir, port: oneProxy, backends: [first.port] }));
    const seeding = new HttpClient(new URL(`http://127.0.0.1:${oneProxy}`), 8);
    const cast = await seedCluster({ db: bench.database.db, raw: bench.raw, api: seeding, clients: settings.clients });
    seeding.close();
    console.log(`  seeded ${cast.projects.length} projects, ${cast.members.length} people with sessions`);

    const one = await runPhase({
      bench,
      label: "one",
      proxyPort: oneProxy,
      cast,
      seconds: settings.baselineSeconds,
      instances: [first],
    });
    printPhase("one instance", one);

    await Promise.all([second.start(), third.start()]);
    const threeProxy = await freePort();
    stops.push(await startProxy({ dir: bench.dir, port: threeProxy, backends: instances.map((i) => i.port) }));
    const three = await runPhase({
      bench,
      label: "three",
      proxyPort: threeProxy,
      cast,
      seconds: settings.seconds,
      instances,
      midway: async (elapsedMs) => {
        await sleep(settings.seconds * 1000 * KILL_AT - elapsedMs());
        second.kill();
        const killedAt = Date.now();
        console.log(`  ${new Date(killedAt).toISOString()} instance 2 killed (SIGKILL)`);
        await sleep(settings.seconds * 1000 * RESTART_AT - elapsedMs());
        await second.start();
        console.log(`  instance 2 restarted and ready ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill`);
        return killedAt;
      },
    });
    printPhase("three instances", three, one);
    const passed = await checkCluster({ bench, s3, cast, phases: [one, three] }).then(printChecks);
    for (const instance of instances) {
      const code = await instance.stop();
      if (code !== 0) console.log(`  instance ${instance.name} exited with code ${code} on SIGTERM`);
    }
    return passed;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await s3.close();
    await bench.dispose();
  }
}

async function makeInstances(bench: BenchDatabase, s3: TestS3): Promise<ServerInstance[]> {
  const env = {
    DATABASE_URL: bench.url ?? "",
    SECRETS_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://127.0.0.1",
    TRUST_PROXY: "127.0.0.1",
    ...s3.env,
  };
  const instances: ServerInstance[] = [];
  for (const name of ["1", "2", "3"]) {
    instances.push(new ServerInstance(name, await freePort(), env, path.join(bench.dir, `instance-${name}`)));
  }
  return instances;
}

async function runPhase(options: {
  bench: BenchDatabase;
  label: string;
  proxyPort: number;
  cast: ClusterCast;
  seconds: number;
  instances: ServerInstance[];
  midway?: (elapsedMs: () => number) => Promise<number>;
}): Promise<PhaseReport> {
  const proxyUrl = `http://127.0.0.1:${options.proxyPort}`;
  const people = options.cast.members.slice(0, settings.streams);
  const streams = startTsWorker(new URL("./streams-worker.ts", import.meta.url).href, {
    proxyUrl,
    people: people.map(({ id, token }) => ({ id, token })),
  } satisfies StreamsInput);
  await fromStreams(streams, "connected");
  const api = new HttpClient(new URL(proxyUrl), settings.clients);
  const cpuBefore = options.instances.map((instance) => instance.servingCpuMs());
  const pgBefore = postgresCpuMs() ?? 0;
  const startedAt = Date.now();
  const until = performance.timeOrigin + performance.now() + options.seconds * 1000;
  const [load, killedAt] = await Promise.all([
    runMixedLoad({ api, cast: options.cast, until, thinkMs: settings.thinkMs, label: `cb-${options.label}` }),
    options.midway?.(() => Date.now() - startedAt) ?? Promise.resolve(null),
  ]);
  const elapsed = (Date.now() - startedAt) / 1000;
  const cpu = options.instances.map((instance, index) => instance.servingCpuMs() - (cpuBefore[index] ?? 0));
  const pgMs = (postgresCpuMs() ?? 0) - pgBefore;
  await sleep(DRAIN_MS);
  const received = fromStreams(streams, "received");
  streams.postMessage({ kind: "stop" });
  const { streams: records } = await received;
  await streams.terminate();
  api.close();
  const [head] = await options.bench.raw.query("select coalesce(max(id), 0)::bigint as id from events");
  return {
    label: options.label,
    seconds: elapsed,
    load,
    instanceCpuMs: cpu,
    postgresCpuMs: pgMs,
    killedAt,
    lastEventId: Number(head?.id),
    streams: records.map((record, index) => ({ ...record, projectId: people[index]?.projectId ?? "" })),
  };
}

function fromStreams<K extends StreamsMessage["kind"]>(
  worker: import("node:worker_threads").Worker,
  kind: K,
): Promise<Extract<StreamsMessage, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: StreamsMessage) => {
      if (message.kind !== kind) return;
      worker.off("message", onMessage);
      resolve(message as Extract<StreamsMessage, { kind: K }>);
    };
    worker.on("message", onMessage);
    worker.once("error", reject);
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const passed = await main();
process.exit(passed ? 0 : 1);
