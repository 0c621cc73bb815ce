import { readdirSync, readFileSync } from "node:fs";
import type { LoadStats } from "./load.ts";

/** CPU time per call of one measurement: this Node process (server, load client, GC) and PostgreSQL's processes. */
export interface CallCpu {
  nodeMs: number;
  /** null where PostgreSQL's processes cannot be read (PGlite runs inside Node; no /proc) */
  pgMs: number | null;
}

/** A measurement with the CPU it took per call. */
export type MeasuredStats = LoadStats & { cpu: CallCpu };

/**
 * Runs a measurement and adds the CPU it took per call (warm-up included, as its calls are). On a
 * machine whose cores are all busy, req/s is the cores' time over this sum, so the split says
 * which side of a ratio a change should aim at (docs/decisions/054-api-bench.md).
 */
export async function withCpu(postgresIsLocal: boolean, measure: () => Promise<LoadStats>): Promise<MeasuredStats> {
  const pgBefore = postgresIsLocal ? postgresCpuMs() : null;
  const nodeBefore = process.cpuUsage();
  const stats = await measure();
  const node = process.cpuUsage(nodeBefore);
  const pgAfter = postgresIsLocal ? postgresCpuMs() : null;
  const calls = Math.max(1, stats.callsWithWarmUp);
  return {
    ...stats,
    cpu: {
      nodeMs: (node.user + node.system) / 1000 / calls,
      pgMs: pgBefore !== null && pgAfter !== null ? (pgAfter - pgBefore) / calls : null,
    },
  };
}

const TICK_MS = 10; // Linux's USER_HZ is 100 on every architecture Node runs on

/** The CPU time of every process named postgres, in ms, or null where /proc cannot be read. */
export function postgresCpuMs(): number | null {
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended meanwhile
    }
    if (!stat.includes("(postgres)")) continue;
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * TICK_MS;
}
