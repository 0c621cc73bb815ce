import { randomBytes } from "node:crypto";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { BenchDatabase } from "./database.ts";
import { percentile, startTsWorker } from "./load.ts";
import type { ClientsInput } from "./realtime-clients.ts";
import { fromClients, type Instance, startInstance } from "./realtime-processes.ts";
import { type RealtimeCast, seedRealtimeCast } from "./realtime-seed.ts";
import { printUnreadCheck } from "./realtime-unread.ts";
import type { BenchSummary } from "./summary.ts";

export interface RealtimeSettings {
  streams: number;
  eventsPerSecond: number;
  seconds: number;
}

const GOAL_P99_MS = 150;
/** Issue 22: 10,000 streams on one instance, each at most this much of its memory (RSS). */
const GOAL_KB_PER_STREAM = 12;
const TITLE_PREFIX = "rt-bench ";
/** Events posted before the measured ones (not counted): every stream has joined its hub by then. */
const WARM_UP_EVENTS = 10;
/** How long after the last answer the clients may still receive before they stop. */
const DRAIN_MS = 2000;
const KB = 1024;
const MB = 1024 * KB;

interface Post {
  sentAt: number;
  /** when instance A's answer arrived: it answers right after the commit, so this stands for it */
  answeredAt: number;
  ok: boolean;
}

/**
 * Issue 9's performance part: two instances on one PostgreSQL database (child processes), the
 * streams held by clients of instance B (a worker thread), tasks created at a steady rate through
 * instance A's API; each task's `task.created` change is timed from its commit to its arrival at
 * every stream. Also instance B's memory per connected stream. Answers false when a stream was
 * refused, a post failed or a delivery went missing (a missed goal is printed, as the zip's is).
 */
export async function measureRealtime(
  bench: BenchDatabase,
  settings: RealtimeSettings,
  summary: BenchSummary,
): Promise<boolean> {
  console.log("\nRealtime (issue 9): two instances, commit → arrival at the other instance's streams");
  if (!bench.url) {
    console.log("  skipped: needs PostgreSQL (BENCH_DATABASE_URL). Instances share events through the");
    console.log("  database's LISTEN/NOTIFY; PGlite is one process's embedded database and fans out in process.");
    return true;
  }
  const cast = await seedRealtimeCast(bench.database.db, bench.raw);
  const secretsKey = randomBytes(32).toString("hex");
  const instances: Instance[] = [];
  try {
    for (const name of ["a", "b"]) {
      instances.push(await startInstance({ databaseUrl: bench.url, secretsKey, dir: path.join(bench.dir, name) }));
    }
    const [a, b] = instances as [Instance, Instance];
    const delivered = await measure(a, b, cast, settings, summary);
    return (await printUnreadCheck(bench.raw, cast.projectId)) && delivered;
  } finally {
    for (const instance of instances) await instance.close();
  }
}

async function measure(
  a: Instance,
  b: Instance,
  cast: RealtimeCast,
  settings: RealtimeSettings,
  summary: BenchSummary,
): Promise<boolean> {
  const urls = await streamUrls(b, cast, settings.streams);
  const before = await b.memory();
  const clients = startTsWorker(new URL("./realtime-clients.ts", import.meta.url).href, {
    urls,
    titlePrefix: TITLE_PREFIX,
  } satisfies ClientsInput);
  const connected = await fromClients(clients, "connected");
  // Let the last streams finish joining the hub and marking their person online.
  await sleep(1000);
  const after = await b.memory();

  const posts = await postSteadily(a, cast, settings);
  await sleep(DRAIN_MS);
  const arrivalsDone = fromClients(clients, "arrivals");
  clients.postMessage({ kind: "stop" });
  const arrivals = await arrivalsDone;
  await clients.terminate();
  const afterEvents = await b.memory();

  const fromCommit: number[] = [];
  const fromSend: number[] = [];
  // Per event, its first arrival: how long until B starts writing, apart from the fan-out.
  const firstBySequence = new Map<number, number>();
  arrivals.sequence.forEach((sequence, index) => {
    const post = posts[sequence];
    const time = arrivals.time[index];
    if (sequence < WARM_UP_EVENTS || !post?.ok || time === undefined) return;
    fromCommit.push(time - post.answeredAt);
    fromSend.push(time - post.sentAt);
    firstBySequence.set(
      sequence,
      Math.min(firstBySequence.get(sequence) ?? Number.POSITIVE_INFINITY, time - post.answeredAt),
    );
  });
  fromCommit.sort((x, y) => x - y);
  fromSend.sort((x, y) => x - y);
  const firsts = [...firstBySequence.values()].sort((x, y) => x - y);
  const measured = posts.slice(WARM_UP_EVENTS);
  const failedPosts = measured.filter((post) => !post.ok).length;
  const expected = (measured.length - failedPosts) * connected.open;
  const missing = expected - fromCommit.length;
  const calls = measured.map((post) => post.answeredAt - post.sentAt).sort((x, y) => x - y);
  const p99 = percentile(fromCommit, 0.99);

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const perStream = (bytes: number) => `${(bytes / connected.open / KB).toFixed(1)} KB`;
  console.log(
    `  ${connected.open} streams on B (${cast.members.length} people of one project, ${connected.failed} refused${connected.firstError ? `: ${connected.firstError}` : ""}); ` +
      `${measured.length} tasks created through A at ${settings.eventsPerSecond}/s (${failedPosts} failed)`,
  );
  console.log(
    `  commit → arrival     p50 ${ms(percentile(fromCommit, 0.5))}  p99 ${ms(p99)}  max ${ms(fromCommit.at(-1) ?? Number.NaN)}` +
      `  (goal p99 ≤ ${GOAL_P99_MS} ms) over ${fromCommit.length} deliveries, ${missing} missing`,
  );
  console.log(
    `  commit → first of its streams  p50 ${ms(percentile(firsts, 0.5))}  p99 ${ms(percentile(firsts, 0.99))}` +
      "  (the rest of the above is the fan-out over the streams)",
  );
  console.log(
    `  call sent → arrival  p50 ${ms(percentile(fromSend, 0.5))}  p99 ${ms(percentile(fromSend, 0.99))}` +
      `  (the create-task call on A itself: p50 ${ms(percentile(calls, 0.5))}, p99 ${ms(percentile(calls, 0.99))})`,
  );
  console.log(
    `  memory of B per connected stream: RSS ${perStream(after.rss - before.rss)}, heap ${perStream(after.heapUsed - before.heapUsed)}` +
      `  (B before ${(before.rss / MB).toFixed(0)} MB RSS, with the streams ${(after.rss / MB).toFixed(0)} MB, after the events ${(afterEvents.rss / MB).toFixed(0)} MB)`,
  );
  console.log("  (commit = when A's answer arrived: it answers right after its commit; arrival = bytes at the client)");
  if (p99 > GOAL_P99_MS) console.log("  (the realtime p99 missed its goal)");
  const load = `${connected.open} streams, ${settings.eventsPerSecond}/s`;
  summary.atMost(`realtime commit → arrival p99 (${load})`, p99, "ms", GOAL_P99_MS);
  summary.atMost(
    `realtime memory per stream (${connected.open} streams)`,
    (after.rss - before.rss) / connected.open / KB,
    "KB",
    GOAL_KB_PER_STREAM,
  );
  return missing === 0 && connected.failed === 0 && failedPosts === 0;
}

/** `count` stream URLs of B, spread evenly over the team, with tokens B issued to each member. */
async function streamUrls(b: Instance, cast: RealtimeCast, count: number): Promise<string[]> {
  const perMember: string[] = [];
  for (const member of cast.members) {
    const response = await fetch(`${b.url}/chat/channel/${member.id}/init`, {
      headers: { "auth-token": member.token },
    });
    if (response.status !== 200) throw new Error(`stream token answered ${response.status}`);
    const { token, streamPath } = (await response.json()) as { token: string; streamPath: string };
    perMember.push(`${b.url}${streamPath}?token=${encodeURIComponent(token)}`);
  }
  return Array.from({ length: count }, (_, index) => perMember[index % perMember.length] as string);
}

/**
 * Creates tasks through A on a fixed schedule (open loop: a slow answer does not delay the next
 * post), warm-up ones first; answers each post's times by its sequence number.
 */
async function postSteadily(a: Instance, cast: RealtimeCast, settings: RealtimeSettings): Promise<Post[]> {
  const total = WARM_UP_EVENTS + Math.round(settings.eventsPerSecond * settings.seconds);
  const interval = 1000 / settings.eventsPerSecond;
  const now = () => performance.timeOrigin + performance.now();
  const posts: Post[] = [];
  const pending: Array<Promise<void>> = [];
  const start = performance.now();
  for (let sequence = 0; sequence < total; sequence++) {
    const due = start + sequence * interval - performance.now();
    if (due > 0) await sleep(due);
    const post: Post = { sentAt: now(), answeredAt: Number.NaN, ok: false };
    posts.push(post);
    pending.push(
      fetch(`${a.url}/v3/project/task`, {
        method: "POST",
        headers: { "auth-token": cast.poster.token, "content-type": "application/json" },
        body: JSON.stringify({ projectId: cast.projectId, title: `${TITLE_PREFIX}${sequence}` }),
      }).then(async (response) => {
        post.answeredAt = now();
        post.ok = response.status === 200;
        await response.arrayBuffer();
      }),
    );
  }
  await Promise.all(pending);
  return posts;
}
