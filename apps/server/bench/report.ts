import type { CallCpu, MeasuredStats } from "./cpu.ts";
import type { RawSql, RecordedQuery } from "./database.ts";
import type { LoadStats } from "./load.ts";

export interface ScenarioResult {
  name: string;
  queries: RecordedQuery[];
  /** without CPU figures for the trivial HTTP baseline */
  call: LoadStats | MeasuredStats;
  /** the same statements sent raw to the driver; absent for the trivial HTTP baseline */
  sql: MeasuredStats | null;
}

/** Calls slower than this multiple of their bare SQL get a warning line. */
const SLOW_RATIO = 5;
const WATCHED_TABLES = /Seq Scan on (projects|users|project_members|tasks|task_files|task_views|events)\b/;

export function printTable(results: ScenarioResult[]): void {
  const header = [
    "scenario",
    "q",
    "call req/s",
    "p50 ms",
    "p99 ms",
    "sql req/s",
    "sql p50",
    "sql p99",
    "call÷sql",
    "p99÷sql",
    "goal",
    "call cpu",
    "sql cpu",
  ];
  const rows = results.map((r) => [
    r.name,
    r.sql ? String(r.queries.length) : "-",
    r.call.rps.toFixed(0),
    r.call.p50.toFixed(2),
    r.call.p99.toFixed(2),
    r.sql ? r.sql.rps.toFixed(0) : "-",
    r.sql ? r.sql.p50.toFixed(2) : "-",
    r.sql ? r.sql.p99.toFixed(2) : "-",
    r.sql ? `${ratio(r).toFixed(1)}×` : "-",
    r.sql ? `${(r.call.p99 / r.sql.p99).toFixed(1)}×` : "-",
    r.sql ? goal(r) : "-",
    cpuText("cpu" in r.call ? r.call.cpu : undefined),
    cpuText(r.sql?.cpu),
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of rows) console.log(line(row));

  for (const r of results) {
    if (r.call.errors > 0) console.log(`ERROR: ${r.name}: ${r.call.errors} failed calls, first: ${r.call.firstError}`);
    if (r.sql && r.sql.errors > 0)
      console.log(`ERROR: ${r.name} bare SQL: ${r.sql.errors} failed, ${r.sql.firstError}`);
    if (r.sql && ratio(r) > SLOW_RATIO) {
      console.log(`WARNING: ${r.name} runs at 1/${ratio(r).toFixed(1)} of its bare SQL throughput`);
    }
  }
}

/**
 * Issue 7's goal for a call against its bare SQL: at least 80% of its req/s, a p99 at most 1.3×
 * its p99, and at most 3 statements.
 */
function goal(r: ScenarioResult): string {
  const misses = goalMisses(r);
  if (misses === null) return "-";
  return misses.length === 0 ? "ok" : `miss ${misses.join(",")}`;
}

/** The goal above in the closing summary's words. */
export const CALL_GOAL = "≥ 80% of SQL req/s, p99 ≤ 1.3×, ≤ 3 q";

/** What a call misses of its goal against its bare SQL; null for a call without SQL. */
export function goalMisses(r: ScenarioResult): string[] | null {
  if (!r.sql) return null;
  return [
    r.call.rps < 0.8 * r.sql.rps ? "req/s" : "",
    r.call.p99 > 1.3 * r.sql.p99 ? "p99" : "",
    r.queries.length > 3 ? "q" : "",
  ].filter(Boolean);
}

/** CPU ms per call as "Node+PostgreSQL" ("Node" alone where PostgreSQL's processes cannot be read). */
function cpuText(cpu: CallCpu | undefined): string {
  if (!cpu) return "-";
  return cpu.pgMs === null ? cpu.nodeMs.toFixed(2) : `${cpu.nodeMs.toFixed(2)}+${cpu.pgMs.toFixed(2)}`;
}

/** How many times more throughput the call's bare SQL has than the call itself. */
export function ratio(result: ScenarioResult): number {
  return result.sql ? result.sql.rps / result.call.rps : Number.NaN;
}

/**
 * EXPLAIN ANALYZE of every statement a call sends, as a compact tree of plan nodes with their
 * actual rows. Answers the warnings for sequential scans over the big tables, and each call's
 * database time: the execution times of its statements added up (one execution each, alone).
 */
export async function printPlans(
  raw: RawSql,
  results: ScenarioResult[],
): Promise<{ warnings: string[]; databaseMs: Map<string, number> }> {
  const warnings: string[] = [];
  const databaseMs = new Map<string, number>();
  const executionMs = new Map<string, number>();
  for (const result of results) {
    let total = 0;
    for (const [index, query] of result.queries.entries()) {
      const key = `${query.text}\n${JSON.stringify(query.params)}`;
      const known = executionMs.get(key);
      if (known !== undefined) {
        total += known;
        continue;
      }
      const plan = (await raw.query(`explain analyze ${query.text}`, query.params)).map((row) =>
        String(Object.values(row)[0]),
      );
      console.log(`\n${result.name}, query ${index + 1}: ${oneLine(query.text)}`);
      for (const node of plan.filter(isPlanNode)) console.log(`  ${compactNode(node)}`);
      const time = plan.find((line) => line.startsWith("Execution Time"));
      if (time) console.log(`  ${time}`);
      const ms = Number(/([\d.]+) ms/.exec(time ?? "")?.[1] ?? Number.NaN);
      executionMs.set(key, ms);
      total += ms;
      for (const node of plan) {
        const scan = WATCHED_TABLES.exec(node);
        if (scan) warnings.push(`WARNING: ${scan[0]} in ${result.name}, query ${index + 1}`);
      }
    }
    if (result.sql) databaseMs.set(result.name, total);
  }
  return { warnings, databaseMs };
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 110 ? `${flat.slice(0, 107)}...` : flat;
}

// Plan nodes are the first line and the ones starting with "->"; the rest are their details.
function isPlanNode(line: string, index: number): boolean {
  return index === 0 || /^\s*->/.test(line);
}

function compactNode(line: string): string {
  const actual = /actual time=[\d.]+\.\.([\d.]+) rows=([\d.]+) loops=(\d+)/.exec(line);
  const name = line.replace(/\s+\(cost=.*$/, "");
  return actual ? `${name}  [rows=${actual[2]} loops=${actual[3]} ${actual[1]} ms]` : name;
}
