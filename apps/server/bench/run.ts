import type { AddressInfo } from "node:net";
import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { composeContext } from "../src/compose.ts";
import { loadConfig } from "../src/config.ts";
import { type MeasuredStats, withCpu } from "./cpu.ts";
import { type BenchDatabase, openBenchDatabase } from "./database.ts";
import { buildDesignScenarios } from "./design-scenarios.ts";
import { buildHoursScenarios } from "./hours-scenarios.ts";
import { faster, type LoadOptions, type LoadStats, runHttpLoad, runLoad } from "./load.ts";
import { measureRealtime, type RealtimeSettings } from "./realtime.ts";
import { CALL_GOAL, goalMisses, printPlans, printTable, ratio, type ScenarioResult } from "./report.ts";
import { buildScenarios, getJson } from "./scenarios.ts";
import { seedWorkspace } from "./seed.ts";
import { seedTasks } from "./seed-tasks.ts";
import { BenchSummary } from "./summary.ts";
import { measureTaskMoves } from "./task-moves.ts";
import { buildTaskScenarios } from "./task-scenarios.ts";
import { measureZipThroughput } from "./zip-throughput.ts";

/**
 * `npm run bench` (DESIGN §10): seeds a large workspace, then puts each main call under
 * concurrent HTTP load next to the same SQL sent raw to the driver, and prints the ratios.
 * Settings: BENCH_DATABASE_URL (PostgreSQL server; PGlite otherwise), BENCH_SCALE (1 = 20k
 * users, 50k projects), BENCH_SECONDS per measurement, BENCH_ROUNDS, BENCH_CONCURRENCY,
 * BENCH_ANALYZE=0 (skip VACUUM ANALYZE after seeding), BENCH_KEEP_DATABASE=1 (keep the seeded
 * PostgreSQL database, or the PGlite folder, when done), BENCH_ONLY (a regular expression: only the
 * scenarios whose name matches are measured, and the task-move and zip measurements are skipped;
 * one that matches "realtime" measures only the realtime part, without the workspace seed),
 * BENCH_REALTIME_STREAMS, BENCH_REALTIME_RATE (events per second), BENCH_REALTIME_SECONDS,
 * BENCH_REALTIME_PROFILE (a folder for a CPU profile of each realtime instance), BENCH_REALTIME_HEAP
 * (a folder for a heap snapshot of each instance at each memory reading), BENCH_RESULTS (the
 * folder of the summary's JSON, default bench-results; `npm run bench` ends with the summary of
 * this run and the web bench, scripts/bench-summary.mjs, compared with BENCH_COMPARE=<old.json>).
 */
const settings = {
  databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
  scale: positive("BENCH_SCALE", 1),
  load: {
    durationMs: positive("BENCH_SECONDS", 2) * 1000,
    concurrency: Math.round(positive("BENCH_CONCURRENCY", 16)),
  } satisfies LoadOptions,
  // Call and SQL are measured alternately this many times and the faster round of each kept, so
  // a burst of other work on the machine does not land on one side of a ratio only.
  rounds: Math.round(positive("BENCH_ROUNDS", 2)),
  // Lets one area be re-measured without the whole run (the seed is still the full workspace).
  only: process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : null,
  realtime: {
    streams: Math.round(positive("BENCH_REALTIME_STREAMS", 1000)),
    eventsPerSecond: positive("BENCH_REALTIME_RATE", 10),
    seconds: positive("BENCH_REALTIME_SECONDS", 10),
  } satisfies RealtimeSettings,
};
// The realtime part seeds its own few rows (two instances, one team), so it can run alone.
const realtimeOnly = settings.only?.test("realtime") ?? false;

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/**
 * Issue 22's goals for single calls: the database time of one call (its statements' execution
 * times, EXPLAIN ANALYZE) at bench scale.
 */
const DATABASE_GOALS: { call: RegExp; ms: number }[] = [
  { call: /^schedule month staff/, ms: 50 },
  { call: /^dashboard admin search/, ms: 30 },
  { call: /^designs panel/, ms: 5 },
];

async function main(bench: BenchDatabase, servers: FastifyInstance[]): Promise<boolean> {
  console.log(`database: ${bench.describe}`);
  const summary = new BenchSummary();
  const seededOk = realtimeOnly ? true : await measureSeeded(bench, servers, summary);
  const realtimeOk = !settings.only || realtimeOnly ? await measureRealtime(bench, settings.realtime, summary) : true;
  const file = summary.write("server", {
    database: bench.url === null ? "PGlite" : "PostgreSQL",
    scale: settings.scale,
    rounds: settings.rounds,
    seconds: settings.load.durationMs / 1000,
    concurrency: settings.load.concurrency,
  });
  console.log(`\nsummary lines written to ${path.relative(process.cwd(), file)}`);
  return seededOk && realtimeOk;
}

/** Each call's line in the summary, and the database-time goals of the calls that have one. */
function summarise(summary: BenchSummary, results: ScenarioResult[], databaseMs: Map<string, number>): void {
  for (const r of results) {
    const misses = goalMisses(r);
    summary.add({
      name: r.name,
      rps: r.call.rps,
      p99Ms: r.call.p99,
      ratio: r.sql ? ratio(r) : null,
      goal: misses === null ? "-" : CALL_GOAL,
      met: misses === null ? null : misses.length === 0,
    });
  }
  for (const [name, ms] of databaseMs) {
    const goal = DATABASE_GOALS.find((candidate) => candidate.call.test(name));
    if (goal) summary.atMost(`${name}: database per call`, ms, "ms", goal.ms);
  }
}

/** The calls over the large seeded workspace, the task moves and the zip. */
async function measureSeeded(
  bench: BenchDatabase,
  servers: FastifyInstance[],
  summary: BenchSummary,
): Promise<boolean> {
  const { database, raw } = bench;
  const seedStart = performance.now();
  const workspace = await seedWorkspace(database.db, raw, settings.scale);
  const { users, projects, members } = workspace.counts;
  const seedSeconds = ((performance.now() - seedStart) / 1000).toFixed(1);
  console.log(`seeded ${users} users, ${projects} projects, ${members} memberships in ${seedSeconds} s`);
  const taskSeedStart = performance.now();
  const taskWorkspace = await seedTasks(raw, workspace, settings.scale);
  const taskSeconds = ((performance.now() - taskSeedStart) / 1000).toFixed(1);
  const { tasks, bigProjectTasks } = taskWorkspace.counts;
  console.log(`seeded ${tasks} tasks (${bigProjectTasks} in one project) in ${taskSeconds} s`);

  const config = loadConfig({ DATA_DIR: bench.dir, LOG_LEVEL: "silent", PUBLIC_URL: "http://127.0.0.1" });
  const { app } = await buildApp(composeContext(config, { database, logger: pino({ level: "silent" }) }));
  servers.push(app);
  const baseUrl = await listen(app);
  const trivial = Fastify();
  servers.push(trivial);
  trivial.get("/ping", async () => ({ ok: true }));
  const trivialUrl = await listen(trivial);

  const scenarios = [
    ...(await buildScenarios(baseUrl, workspace)),
    ...(await buildTaskScenarios(raw, workspace, taskWorkspace)),
    ...(await buildDesignScenarios(raw, workspace, taskWorkspace)),
    ...(await buildHoursScenarios(raw, workspace)),
  ].filter((scenario) => settings.only?.test(scenario.name) ?? true);
  const { concurrency, durationMs } = settings.load;
  console.log(
    `${scenarios.length} scenarios, ${concurrency} concurrent clients, best of ${settings.rounds} × ${durationMs / 1000} s\n`,
  );

  // PostgreSQL's CPU is read from its processes when it runs on this machine.
  const localPostgres = bench.url !== null && ["localhost", "127.0.0.1", "[::1]"].includes(new URL(bench.url).hostname);
  const results: ScenarioResult[] = [];
  let trivialCall: LoadStats | null = null;
  for (let round = 0; round < settings.rounds; round++) {
    trivialCall = faster(trivialCall, await runHttpLoad({ ...settings.load, url: `${trivialUrl}/ping`, headers: {} }));
  }
  if (trivialCall)
    results.push({ name: "bare Fastify route (constant JSON)", queries: [], call: trivialCall, sql: null });
  for (const scenario of scenarios) {
    // One call with the driver watched gives exactly the statements the call needs, in order. A
    // call before it takes the session's "last seen" write (at most one per session every five
    // minutes), so the recorded statements are those of every other call.
    await getJson(baseUrl, scenario.path, scenario.token);
    const { queries } = await raw.record(() => getJson(baseUrl, scenario.path, scenario.token));
    const url = new URL(scenario.path, baseUrl).href;
    let call: MeasuredStats | null = null;
    let sql: MeasuredStats | null = null;
    for (let round = 0; round < settings.rounds; round++) {
      const headers = { "auth-token": scenario.token };
      call = faster(call, await withCpu(localPostgres, () => runHttpLoad({ ...settings.load, url, headers })));
      const bare = await withCpu(localPostgres, () =>
        runLoad(settings.load, async () => {
          for (const query of queries) await raw.query(query.text, query.params);
        }),
      );
      sql = faster(sql, bare);
    }
    if (call) results.push({ name: scenario.name, queries, call, sql });
    console.log(`  measured ${scenario.name}`);
  }

  console.log("\ncall÷sql = bare SQL req/s ÷ call req/s (the same statements sent raw, same concurrency);");
  console.log("goal (issue 7): ≥ 80% of the bare SQL's req/s, p99 ≤ 1.3× its p99, ≤ 3 statements\n");
  printTable(results);
  console.log("\nQuery plans (EXPLAIN ANALYZE of each distinct statement):");
  const { warnings, databaseMs } = await printPlans(raw, results);
  console.log(warnings.length > 0 ? `\n${warnings.join("\n")}` : "\nNo Seq Scan on the watched tables.");
  summarise(summary, results, databaseMs);
  if (settings.only) return results.every((r) => r.call.errors === 0 && (r.sql?.errors ?? 0) === 0);
  await measureTaskMoves(baseUrl, raw, workspace, taskWorkspace, summary);
  const zipWithinGoals = await measureZipThroughput(bench.dir, summary);
  if (!zipWithinGoals) console.log("  (the task zip missed a goal above)");
  return results.every((r) => r.call.errors === 0 && (r.sql?.errors ?? 0) === 0);
}

async function listen(server: FastifyInstance): Promise<string> {
  await server.listen({ host: "127.0.0.1", port: 0 });
  const { port } = server.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

const bench = await openBenchDatabase(settings.databaseUrl);
const servers: FastifyInstance[] = [];
let ok = false;
try {
  ok = await main(bench, servers);
} catch (error) {
  console.error(error);
} finally {
  for (const server of servers) await server.close();
  await bench.dispose();
}
process.exit(ok ? 0 : 1);
