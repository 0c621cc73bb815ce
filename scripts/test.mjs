// `npm test`: lint, typecheck, unit + API tests on PGlite, the same API tests on PostgreSQL when
// TEST_DATABASE_URL is set, the first-load budgets of the built app, then browser tests in
// Chromium against it.
import { execSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureWebBuild } from "./build-web.mjs";
import { ensureInstall } from "./ensure-install.mjs";
import { measureRoutes, printRoutes } from "./web-first-load.mjs";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const only = process.argv.slice(2); // e.g. `npm test -- e2e` runs only the named steps

function step(name, fn) {
  if (only.length > 0 && !only.includes(name)) return;
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  fn();
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function mustRun(command, args, env) {
  const status = run(command, args, env);
  if (status !== 0) finish(`${path.basename(command)} ${args.join(" ")} failed`);
}

function vitest(label, env, args = []) {
  const report = path.join(tmpdir(), `atelier-vitest-${label}-${process.pid}.json`);
  const status = run(
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...args],
    env,
  );
  countFrom(report, (r) => ({
    passed: r.numPassedTests,
    failed: r.numFailedTests,
    skipped: r.numPendingTests + r.numTodoTests,
  }));
  if (status !== 0) finish(`${label} tests failed`);
}

function countFrom(file, pick) {
  if (!existsSync(file)) return;
  const counts = pick(JSON.parse(readFileSync(file, "utf8")));
  for (const key of Object.keys(totals)) totals[key] += counts[key] ?? 0;
  rmSync(file, { force: true });
}

function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(chromium)) return;
  if (process.getuid?.() !== 0) finish(`Chromium is missing at ${chromium}: install Debian's chromium package.`);
  console.log("Installing Debian's chromium…");
  execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", {
    stdio: "inherit",
  });
}

function finish(failure) {
  console.log(
    `\nTests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`,
  );
  if (failure) {
    console.error(`npm test failed: ${failure}`);
    process.exit(1);
  }
  process.exit(0);
}

ensureInstall();
step("lint", () => {
  mustRun(bin("biome"), ["check", "."]);
  mustRun(process.execPath, ["scripts/check-feature-imports.mjs"]);
  mustRun(process.execPath, ["scripts/check-cycles.mjs"]);
});
step("typecheck", () => {
  for (const project of ["packages/shared", "packages/openapi-tools", "apps/server", "apps/web", "apps/web/e2e"])
    mustRun(bin("tsc"), ["-p", project, "--noEmit"]);
});
step("unit-and-api", () => vitest("pglite", { TEST_DB: "pglite" }));
step("api-postgres", () => {
  if (!process.env.TEST_DATABASE_URL) {
    console.log("TEST_DATABASE_URL is not set: skipping the PostgreSQL run of the API tests.");
    return;
  }
  // Against a server the files wait on round trips more than they compute (two workers kept
  // the two cores ~60% busy): a third worker takes the step from ~90 to ~75 s. A fourth starved
  // the SIGTERM-under-load test's own server (docs/decisions/021-test-speed.md).
  vitest("postgres", { TEST_DB: "postgres" }, ["--maxWorkers=3"]);
});
// Issue 13: no route's first-load JavaScript may grow past its budget (scripts/web-first-load.mjs).
// It reads the build the browser tests use, so it costs no extra build.
step("web-budget", () => {
  ensureWebBuild();
  const rows = measureRoutes();
  printRoutes(rows);
  const over = rows.filter((row) => row.over);
  totals.passed += rows.length - over.length;
  totals.failed += over.length;
  if (over.length > 0) finish(`first-load JavaScript over budget: ${over.map((row) => row.name).join(", ")}`);
});
step("e2e", () => {
  ensureWebBuild();
  ensureChromium();
  const report = path.join(tmpdir(), `atelier-e2e-report-${process.pid}.json`);
  const status = run(bin("playwright"), ["test", "-c", "apps/web/e2e/playwright.config.ts"], { E2E_REPORT: report });
  countFrom(report, (r) => ({
    passed: r.stats.expected,
    failed: r.stats.unexpected + r.stats.flaky,
    skipped: r.stats.skipped,
  }));
  if (status !== 0) finish("browser tests failed");
});
finish();
