import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One line of the bench's closing summary (scripts/bench-summary.mjs prints and compares them):
 * a call under load with its bare SQL, or one figure against its goal. `met` is null where the
 * line has no goal. The same shape is written by scripts/bench-web.mjs.
 */
export interface SummaryRow {
  name: string;
  rps: number | null;
  p99Ms: number | null;
  /** bare SQL req/s ÷ call req/s */
  ratio: number | null;
  /** a figure of its own (database ms per call, KB per stream, …), with its unit */
  value: number | null;
  unit: string | null;
  goal: string;
  met: boolean | null;
}

/** Collects the summary lines of one bench run, in the order they were measured. */
export class BenchSummary {
  readonly rows: SummaryRow[] = [];

  add(row: Partial<SummaryRow> & Pick<SummaryRow, "name">): void {
    this.rows.push({ rps: null, p99Ms: null, ratio: null, value: null, unit: null, goal: "-", met: null, ...row });
  }

  /** A figure against an upper bound ("≤ 50 ms"). */
  atMost(name: string, value: number, unit: string, limit: number): void {
    this.add({ name, value, unit, goal: `≤ ${limit} ${unit}`, met: value <= limit });
  }

  /** A figure against a lower bound ("≥ 70 %"). */
  atLeast(name: string, value: number, unit: string, limit: number): void {
    this.add({ name, value, unit, goal: `≥ ${limit} ${unit}`, met: value >= limit });
  }

  /**
   * Writes the lines as `<folder>/latest-<part>.json`, where the summary script finds them.
   * The folder is BENCH_RESULTS (default `bench-results` in the repository).
   */
  write(part: "server", meta: Record<string, string | number>): string {
    const folder = resultsFolder();
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, `latest-${part}.json`);
    writeFileSync(file, `${JSON.stringify({ part, at: new Date().toISOString(), meta, rows: this.rows }, null, 2)}\n`);
    return file;
  }
}

function resultsFolder(): string {
  const repository = path.resolve(import.meta.dirname, "../../..");
  return path.resolve(repository, process.env.BENCH_RESULTS ?? "bench-results");
}
