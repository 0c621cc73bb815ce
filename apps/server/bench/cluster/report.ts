import type { TestS3 } from "../../test/s3-server.ts";
import type { BenchDatabase } from "../database.ts";
import { percentile } from "../load.ts";
import { CALLS, type LoadResult } from "./load.ts";
import type { ClusterCast } from "./seed.ts";
import type { StreamRecord } from "./streams-worker.ts";

export interface PhaseReport {
  label: string;
  seconds: number;
  load: LoadResult;
  /** CPU each instance spent serving during the load, ms */
  instanceCpuMs: number[];
  postgresCpuMs: number;
  /** epoch ms of the SIGKILL, null in a phase without one */
  killedAt: number | null;
  /** the newest event id once the phase's streams stopped */
  lastEventId: number;
  streams: (StreamRecord & { projectId: string })[];
}

const GOAL_STREAM_P99_MS = 150;
const GOAL_CPU_RATIO = 1.1;
const JOBS_WAIT_MS = 90_000;
/** A request counts as in flight at the kill when it was open within this much of it. */
const KILL_SLACK_MS = 50;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export function printPhase(title: string, phase: PhaseReport, baseline?: PhaseReport): void {
  const samples = phase.load.samples;
  console.log(
    `\n${title}: ${samples.length} calls in ${phase.seconds.toFixed(1)} s (${(samples.length / phase.seconds).toFixed(0)} req/s), ${phase.load.retries} retried reads`,
  );
  console.log("  call         req/s     p50        p99        failed");
  for (const call of CALLS) {
    const ofCall = samples.filter((sample) => sample.call === call);
    const sorted = ofCall.map((sample) => sample.ms).sort((a, b) => a - b);
    const failed = ofCall.filter((sample) => !sample.ok).length;
    console.log(
      `  ${call.padEnd(12)} ${(ofCall.length / phase.seconds).toFixed(1).padStart(6)}  ${ms(percentile(sorted, 0.5)).padStart(9)}  ${ms(percentile(sorted, 0.99)).padStart(9)}  ${failed}`,
    );
  }
  const nodePerCall = sum(phase.instanceCpuMs) / Math.max(1, samples.length);
  const pgPerCall = phase.postgresCpuMs / Math.max(1, samples.length);
  const shares = phase.instanceCpuMs.map((cpu) => `${(cpu / 1000).toFixed(1)} s`).join(", ");
  console.log(`  CPU per request: instances ${ms(nodePerCall)} (each: ${shares}), PostgreSQL ${ms(pgPerCall)}`);
  if (baseline) {
    const baseNode = sum(baseline.instanceCpuMs) / Math.max(1, baseline.load.samples.length);
    const basePg = baseline.postgresCpuMs / Math.max(1, baseline.load.samples.length);
    console.log(
      `  against one instance: instances ${(nodePerCall / baseNode).toFixed(2)}×, PostgreSQL ${(pgPerCall / basePg).toFixed(2)}×, ` +
        `together ${((nodePerCall + pgPerCall) / (baseNode + basePg)).toFixed(2)}× (goal ≤ ${GOAL_CPU_RATIO}×)`,
    );
  }
  const latencies = streamLatencies(phase);
  console.log(
    `  commit → stream: p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))} over ${latencies.length} deliveries ` +
      `(goal p99 ≤ ${GOAL_STREAM_P99_MS} ms); ${sum(phase.streams.map((s) => s.reconnects))} stream reconnects`,
  );
}

/** Each new comment's arrival at each stream, from its call's answer (right after its commit). */
function streamLatencies(phase: PhaseReport): number[] {
  const answered = new Map(
    phase.load.comments.filter((c) => c.commentId).map((comment) => [comment.commentId, comment.answeredAt]),
  );
  const latencies: number[] = [];
  for (const stream of phase.streams) {
    for (const comment of stream.comments) {
      const at = answered.get(comment.commentId);
      if (at !== undefined) latencies.push(comment.arrivedAt - at);
    }
  }
  return latencies.sort((a, b) => a - b);
}

export interface ClusterChecks {
  lines: { ok: boolean; text: string }[];
}

export async function checkCluster(options: {
  bench: BenchDatabase;
  s3: TestS3;
  cast: ClusterCast;
  phases: PhaseReport[];
}): Promise<ClusterChecks> {
  const { bench, phases } = options;
  const lines: ClusterChecks["lines"] = [];
  for (const phase of phases) {
    const failed = phase.load.samples.filter((sample) => !sample.ok);
    const killedAt = phase.killedAt;
    const inFlight =
      killedAt === null
        ? []
        : failed.filter(
            (sample) =>
              sample.startedAt <= killedAt + KILL_SLACK_MS && sample.startedAt + sample.ms >= killedAt - KILL_SLACK_MS,
          );
    const other = failed.length - inFlight.length;
    const statuses = [...new Set(failed.filter((s) => !inFlight.includes(s)).map((s) => s.status))].join(", ");
    lines.push({
      ok: other === 0,
      text: `${phase.label}: ${failed.length} failed calls, ${inFlight.length} of them in flight on the killed instance${other ? `; ${other} others (statuses ${statuses})` : ""}`,
    });

    const stored = await bench.raw.query(
      "select body, count(*)::int as n from file_comments where body like $1 group by body",
      [`cb-${phase.label} %`],
    );
    const counts = new Map(stored.map((row) => [String(row.body), Number(row.n)]));
    const twice = [...counts.values()].filter((n) => n > 1).length;
    const lost = phase.load.comments.filter((comment) => comment.ok && counts.get(comment.text) !== 1).length;
    const unanswered = phase.load.comments.filter((comment) => !comment.ok);
    const storedUnanswered = unanswered.filter((comment) => counts.has(comment.text)).length;
    lines.push({
      ok: twice === 0 && lost === 0,
      text: `${phase.label}: ${phase.load.comments.length} comments sent, each answered one stored once (${twice} stored twice, ${lost} lost); of ${unanswered.length} unanswered, ${storedUnanswered} were stored`,
    });

    let outOfOrder = 0;
    let missing = 0;
    let expected = 0;
    const eventsOf = new Map<string, { id: number; commentId: string }[]>();
    for (const stream of phase.streams) {
      for (let i = 1; i < stream.ids.length; i += 1) {
        if ((stream.ids[i] as number) <= (stream.ids[i - 1] as number)) outOfOrder += 1;
      }
      const first = stream.ids[0];
      if (first === undefined) continue;
      let events = eventsOf.get(stream.projectId);
      if (!events) {
        const rows = await bench.raw.query(
          "select id, payload->>'commentId' as comment from events where type = 'comment.added' and project_id = $1 order by id",
          [stream.projectId],
        );
        events = rows.map((row) => ({ id: Number(row.id), commentId: String(row.comment) }));
        eventsOf.set(stream.projectId, events);
      }
      const seen = new Set(stream.comments.map((comment) => comment.commentId));
      for (const event of events) {
        if (event.id <= first || event.id > phase.lastEventId) continue;
        expected += 1;
        if (!seen.has(event.commentId)) missing += 1;
      }
    }
    lines.push({
      ok: outOfOrder === 0 && missing === 0,
      text: `${phase.label}: ${phase.streams.length} streams, ${expected} comment events due, ${missing} missing, ${outOfOrder} out of order or twice`,
    });
  }

  const jobs = await waitForJobs(bench);
  lines.push({ ok: jobs.pending === 0 && jobs.failed === 0, text: jobs.text });
  const partial = (await options.s3.keys()).filter((key) => key.includes("partial"));
  lines.push({ ok: partial.length === 0, text: `${partial.length} partial files left in the bucket` });
  return { lines };
}

async function waitForJobs(bench: BenchDatabase): Promise<{ pending: number; failed: number; text: string }> {
  const started = Date.now();
  const count = async () => {
    const [row] = await bench.raw.query(
      `select count(*) filter (where state in ('created', 'retry', 'active') and start_after <= now())::int as pending,
              count(*) filter (where state = 'failed')::int as failed,
              count(*) filter (where state = 'completed')::int as completed
       from pgboss.job`,
    );
    return { pending: Number(row?.pending), failed: Number(row?.failed), completed: Number(row?.completed) };
  };
  let state = await count();
  while (state.pending > 0 && Date.now() - started < JOBS_WAIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    state = await count();
  }
  return {
    ...state,
    text: `jobs: ${state.completed} completed, ${state.pending} still due after ${((Date.now() - started) / 1000).toFixed(0)} s, ${state.failed} failed`,
  };
}

export function printChecks(checks: ClusterChecks): boolean {
  console.log("\nChecks:");
  for (const line of checks.lines) console.log(`  ${line.ok ? "ok  " : "FAIL"} ${line.text}`);
  return checks.lines.every((line) => line.ok);
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}
