// The fleet of deploy/compose.yaml on one machine, without images: two instances started as the
// image starts them (`node scripts/start.mjs --no-install`, after `npm install` and `npm run build`)
// over one PostgreSQL database and one DATA_DIR, behind HAProxy with deploy/haproxy.cfg. Under a
// steady load through the proxy, one instance gets SIGTERM; the run reports every answer by status
// and fails if any request failed (5xx or no answer) or the instance did not exit 0 in time.
//
//   CLUSTER_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/cluster-bench.mjs
//
// It creates a database of its own on that server and drops it after. Needs haproxy on the PATH.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const serverUrl = process.env.CLUSTER_DATABASE_URL;
if (!serverUrl) throw new Error("set CLUSTER_DATABASE_URL to a PostgreSQL server's URL (a database is created there)");
const SHUTDOWN_SECONDS = 10;
const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 8);
const CONCURRENCY = 8;
const ports = { proxy: 38080, app1: 38101, app2: 38102 };

const work = mkdtempSync(path.join(tmpdir(), "atelier-cluster-"));
const database = `atelier_cluster_${process.pid}`;
const children = [];

async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

function start(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  child.stdout.on("data", (chunk) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk) => output.push(chunk.toString()));
  const exited = new Promise((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const entry = { name, child, exited, output: () => output.join("") };
  children.push(entry);
  return entry;
}

async function until(what, test, seconds = 90) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (await test().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const ready = (port) => () => fetch(`http://127.0.0.1:${port}/health/ready`).then((response) => response.ok);

try {
  await onServer(`create database ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  // The web app's build when there is one; otherwise a stand-in page (the bench measures the server).
  let webDist = process.env.WEB_DIST ?? path.join(root, "apps/web/dist");
  if (!existsSync(path.join(webDist, "index.html"))) {
    webDist = path.join(work, "web");
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Atelier</title>");
  }
  const shared = {
    DATABASE_URL: url.toString(),
    DATA_DIR: path.join(work, "data"),
    SECRETS_KEY: "cluster-bench-secrets-key-0123456789abcdef",
    PUBLIC_URL: `http://localhost:${ports.proxy}`,
    SHUTDOWN_SECONDS: String(SHUTDOWN_SECONDS),
    WEB_DIST: webDist,
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
  };
  const app1 = start("app1", process.execPath, ["scripts/start.mjs", "--no-install"], {
    ...shared,
    PORT: String(ports.app1),
  });
  await until("app1", ready(ports.app1));
  const app2 = start("app2", process.execPath, ["scripts/start.mjs", "--no-install"], {
    ...shared,
    PORT: String(ports.app2),
  });
  await until("app2", ready(ports.app2));

  // deploy/haproxy.cfg as it is, but for local ports instead of Docker's names and DNS.
  const config = readFileSync(path.join(root, "deploy/haproxy.cfg"), "utf8")
    .replace(/\nresolvers docker\n(?: {4}.*\n)+/, "\n")
    .replace(" resolvers docker init-addr last,libc,none", "")
    .replace("bind :8080", `bind 127.0.0.1:${ports.proxy}`)
    .replace("server app1 app1:3000", `server app1 127.0.0.1:${ports.app1}`)
    .replace("server app2 app2:3000", `server app2 127.0.0.1:${ports.app2}`);
  writeFileSync(path.join(work, "haproxy.cfg"), config);
  start("haproxy", "haproxy", ["-f", path.join(work, "haproxy.cfg")], {});
  await until("the proxy", ready(ports.proxy));

  // Load: ordinary calls through the proxy (a signed-out list is a 401, the probe a 200, the app page a 200).
  const counts = new Map();
  const count = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const paths = ["/v3/project/list", "/health/ready", "/app/"];
  const loadEnd = Date.now() + LOAD_SECONDS * 1000;
  let stoppedAt = 0;
  const workers = Array.from({ length: CONCURRENCY }, async (_, worker) => {
    for (let i = worker; Date.now() < loadEnd; i += 1) {
      const target = paths[i % paths.length];
      try {
        const response = await fetch(`http://127.0.0.1:${ports.proxy}${target}`);
        await response.arrayBuffer();
        count(response.status >= 500 ? `failed ${response.status} ${target}` : String(response.status));
      } catch (error) {
        count(`failed ${error.cause?.code ?? error.message} ${target}`);
      }
    }
  });
  setTimeout(
    () => {
      stoppedAt = Date.now();
      app1.child.kill("SIGTERM");
    },
    (LOAD_SECONDS * 1000) / 3,
  );
  await Promise.all(workers);
  const exit = await app1.exited;
  const seconds = ((exit.at - stoppedAt) / 1000).toFixed(2);

  const answers = Object.fromEntries([...counts].sort());
  const failed = [...counts].filter(([key]) => key.startsWith("failed")).reduce((sum, [, n]) => sum + n, 0);
  console.log(JSON.stringify({ answers, app1Exit: exit.code, app1StopSeconds: Number(seconds) }, null, 2));
  const problems = [
    failed > 0 ? `${failed} requests failed` : null,
    exit.code !== 0 ? `app1 exited ${exit.code ?? exit.signal}:\n${app1.output()}` : null,
    Number(seconds) >= SHUTDOWN_SECONDS ? `app1 took ${seconds} s to stop` : null,
    (await ready(ports.app2)().catch(() => false)) ? null : `app2 is not ready:\n${app2.output()}`,
  ].filter(Boolean);
  if (problems.length > 0) {
    console.error(problems.join("\n"));
    process.exitCode = 1;
  }
} finally {
  for (const { child } of children.reverse())
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  await Promise.all(children.map(({ exited }) => exited));
  await onServer(`drop database if exists ${database} with (force)`).catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
