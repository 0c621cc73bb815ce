// The bench's closing summary: `npm run bench` ends here. Reads the lines the server bench
// (apps/server/bench/summary.ts) and the web bench (scripts/bench-web.mjs) wrote to
// BENCH_RESULTS (default bench-results/latest-<part>.json), prints one table (call, req/s, p99,
// ratio to its bare SQL, figure, goal, met), writes the run as bench-results/bench-<time>.json,
// and with BENCH_COMPARE=<an earlier bench-*.json> prints the change of each line.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const folder = path.resolve(root, process.env.BENCH_RESULTS ?? "bench-results");
const PARTS = ["server", "web"];

/** One summary line; the shape of apps/server/bench/summary.ts's SummaryRow. */
export function summaryRow(name, value, unit, goal, met) {
  return { name, rps: null, p99Ms: null, ratio: null, value, unit, goal, met };
}

/** Writes one part's lines where the summary finds them. */
export function writeSummaryPart(part, meta, rows) {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `latest-${part}.json`);
  writeFileSync(file, `${JSON.stringify({ part, at: new Date().toISOString(), meta, rows }, null, 2)}\n`);
  return file;
}

function readParts() {
  return PARTS.map((part) => path.join(folder, `latest-${part}.json`))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, "utf8")));
}

const number = (value, digits) => (value === null || value === undefined ? "-" : value.toFixed(digits));

function cells(row) {
  return [
    row.name,
    number(row.rps, 0),
    number(row.p99Ms, 2),
    row.ratio === null ? "-" : `${row.ratio.toFixed(1)}×`,
    row.value === null ? "-" : `${number(row.value, row.value >= 100 ? 0 : 1)} ${row.unit ?? ""}`.trim(),
    row.goal,
    row.met === null ? "" : row.met ? "yes" : "NO",
  ];
}

function printTable(header, rows) {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(line(header));
  console.log(widths.map((width) => "-".repeat(width)).join("  "));
  for (const row of rows) console.log(line(row));
}

/** The change of one figure from the earlier run, as "old → new (±x%)". */
function change(before, after, digits) {
  if (before === null || before === undefined || after === null || after === undefined) return "-";
  const percent =
    before === 0 ? "" : ` (${after >= before ? "+" : ""}${(((after - before) / before) * 100).toFixed(0)}%)`;
  return `${before.toFixed(digits)} → ${after.toFixed(digits)}${percent}`;
}

function compare(rows, earlierFile) {
  const earlier = JSON.parse(readFileSync(earlierFile, "utf8"));
  const byName = new Map(earlier.parts.flatMap((part) => part.rows).map((row) => [row.name, row]));
  console.log(`\nChange since ${path.basename(earlierFile)} (${earlier.at}):`);
  const lines = rows.map((row) => {
    const old = byName.get(row.name);
    if (!old) return [row.name, "new", "", "", ""];
    const met = old.met === row.met ? "" : row.met ? "now met" : "now missed";
    return [
      row.name,
      change(old.rps, row.rps, 0),
      change(old.p99Ms, row.p99Ms, 2),
      change(old.value, row.value, 1),
      met,
    ];
  });
  printTable(["line", "req/s", "p99 ms", "figure", "goal"], lines);
  const gone = [...byName.keys()].filter((name) => !rows.some((row) => row.name === name));
  if (gone.length > 0) console.log(`not measured this time: ${gone.join(", ")}`);
}

function main() {
  const parts = readParts();
  if (parts.length === 0) {
    console.log(`No bench results in ${path.relative(root, folder)}: run npm run bench first.`);
    process.exit(1);
  }
  const rows = parts.flatMap((part) => part.rows);
  console.log(`\nSummary (${parts.map((part) => `${part.part}: ${JSON.stringify(part.meta)}`).join("; ")})`);
  printTable(["line", "req/s", "p99 ms", "÷sql", "figure", "goal", "met"], rows.map(cells));
  const missed = rows.filter((row) => row.met === false).length;
  const withGoal = rows.filter((row) => row.met !== null).length;
  console.log(`\n${withGoal - missed} of ${withGoal} goals met`);
  const at = new Date().toISOString();
  const file = path.join(folder, `bench-${at.replace(/[:.]/g, "-")}.json`);
  writeFileSync(file, `${JSON.stringify({ at, parts }, null, 2)}\n`);
  console.log(`written to ${path.relative(root, file)}`);
  if (process.env.BENCH_COMPARE) compare(rows, path.resolve(process.env.BENCH_COMPARE));
}

// Imported by the web bench for its writer; run as a script, it prints the summary.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
