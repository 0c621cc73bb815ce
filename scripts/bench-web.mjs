// `npm run bench:web`: builds the web app, prints each route's first-load JavaScript and CSS (gzip,
// from the build manifest), then serves the build with the real server (demo data) and runs
// Lighthouse (mobile preset, Debian's Chromium) on the login screen, the projects list and the
// project screen, printing the scores and LCP, TBT and CLS.
// The server speaks HTTPS with HTTP/2, as a deployment does (its own TLS files or a proxy in front),
// with a self-signed certificate made for the run; BENCH_WEB_HTTP1=1 measures plain HTTP/1.1 instead.
// BENCH_PORT (default 3412) and CHROME_PATH (default /usr/bin/chromium) can be set; with
// BENCH_WEB_REPORTS=<folder> the full Lighthouse reports are written there as JSON. WEB_DIST=<folder>
// measures and serves another build (with a manifest) instead, e.g. an older one to compare.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { summaryRow, writeSummaryPart } from "./bench-summary.mjs";
import { ensureWebBuild } from "./build-web.mjs";
import { measureRoutes, printRoutes, webDist } from "./web-first-load.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 3412);
const secure = process.env.BENCH_WEB_HTTP1 !== "1";
const origin = `${secure ? "https" : "http"}://127.0.0.1:${port}`;
const dist = process.env.WEB_DIST ?? webDist;
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const DEMO_PASSWORD = "bench-password-1";
const DEMO_EMAIL = "customer@atelier.test";
const TOKEN_KEY = "atelier.token"; // apps/web/src/lib/token-storage.ts

/** The issue's Lighthouse targets (mobile): performance per screen, accessibility 100 on each. */
const SCREENS = [
  { name: "login", path: "/app/auth/login", signedIn: false, performance: 98 },
  { name: "projects", path: "/app/projects", signedIn: true, performance: 98 },
  { name: "project", path: "/app/project/:id", signedIn: true, performance: 95 },
];

/** Issue 22: total blocking time of a signed-in first load. */
const TBT_GOAL_MS = 150;

/** A certificate for 127.0.0.1 that only this run trusts (the script's calls and its Chromium). */
async function makeCertificate(dataDir) {
  const { generate } = await import("selfsigned");
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  const certFile = path.join(dataDir, "cert.pem");
  const keyFile = path.join(dataDir, "key.pem");
  writeFileSync(certFile, pems.cert);
  writeFileSync(keyFile, pems.private);
  return { certFile, keyFile, cert: pems.cert };
}

let trustedCert;
/** fetch's subset this script needs, over a connection that trusts the run's certificate. */
function call(url, { method = "GET", headers = {}, body } = {}) {
  if (!secure) return fetch(url, { method, headers, body });
  return new Promise((resolve, reject) => {
    const request = https.request(url, { method, headers, ca: trustedCert }, (response) => {
      const chunks = [];
      response.on("data", (chunk) => chunks.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        const status = response.statusCode ?? 0;
        resolve({
          ok: status >= 200 && status < 300,
          status,
          text: async () => text,
          json: async () => JSON.parse(text),
        });
      });
    });
    request.on("error", reject);
    request.end(body);
  });
}

async function startServer(dataDir) {
  const tls = secure ? await makeCertificate(dataDir) : undefined;
  trustedCert = tls?.cert;
  const server = spawn(path.join(root, "node_modules/.bin/tsx"), [path.join(root, "apps/server/src/main.ts")], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      WEB_DIST: dist,
      DEMO: "1",
      // The plain demo (one project), so scores stay comparable with earlier runs and the server
      // is up within the wait below (docs/decisions/026-demo-workspace.md).
      DEMO_WORKSPACE: "0",
      DEMO_PASSWORD,
      LOG_LEVEL: "warn",
      PUBLIC_URL: origin,
      ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
    },
  });
  for (let attempt = 0; attempt < 120; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode}) before answering.`);
    try {
      const response = await call(`${origin}/app/`);
      if (response.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  server.kill();
  throw new Error("The server did not answer within a minute.");
}

async function signIn() {
  const password = createHash("sha256").update(DEMO_PASSWORD, "utf8").digest("hex");
  const login = await call(`${origin}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_EMAIL, password }),
  });
  if (!login.ok) throw new Error(`Demo login failed: ${login.status} ${await login.text()}`);
  const { token } = await login.json();
  const list = await call(`${origin}/v3/project/list`, { headers: { "auth-token": token } });
  const { items } = await list.json();
  if (!items?.[0]?.id) throw new Error("The demo customer has no project to open.");
  return { token, projectId: items[0].id };
}

async function runLighthouse(session) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const puppeteer = await import("puppeteer-core");
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      // the run's own self-signed certificate
      ...(secure ? ["--ignore-certificate-errors"] : []),
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const results = [];
  try {
    // A running server, not a freshly started one: each screen is opened once first, so the
    // measured loads do not pay for the server's first compilations and cold database pages.
    const warmUp = await browser.newPage();
    for (const screen of SCREENS) {
      if (screen.signedIn)
        await warmUp.evaluate((key, token) => window.localStorage.setItem(key, token), TOKEN_KEY, session.token);
      await warmUp.goto(origin + screen.path.replace(":id", session.projectId), { waitUntil: "networkidle2" });
    }
    await warmUp.close();
    for (const screen of SCREENS) {
      const page = await browser.newPage();
      const client = await page.createCDPSession();
      // A cold start each time, signed in the way the app stores a session (local storage).
      await client.send("Network.clearBrowserCache");
      await client.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
      if (screen.signedIn) {
        await page.goto(`${origin}/app/not-a-screen`);
        await page.evaluate((key, token) => window.localStorage.setItem(key, token), TOKEN_KEY, session.token);
        await client.send("Network.clearBrowserCache");
      }
      const url = origin + screen.path.replace(":id", session.projectId);
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility"],
          // The signed-in screens keep the token set above; the cache was cleared by hand.
          disableStorageReset: true,
        },
        undefined,
        page,
      );
      const { categories, audits } = result.lhr;
      if (process.env.BENCH_WEB_REPORTS) {
        mkdirSync(process.env.BENCH_WEB_REPORTS, { recursive: true });
        writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, `${screen.name}.json`), result.report);
      }
      results.push({
        ...screen,
        url,
        perf: Math.round(categories.performance.score * 100),
        a11y: Math.round(categories.accessibility.score * 100),
        fcp: audits["first-contentful-paint"].numericValue,
        lcp: audits["largest-contentful-paint"].numericValue,
        tbt: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        failedA11y: Object.values(audits)
          .filter(
            (audit) =>
              audit.score === 0 && result.lhr.categories.accessibility.auditRefs.some((r) => r.id === audit.id),
          )
          .map((audit) => audit.id),
      });
      await page.close();
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return results;
}

function printLighthouse(results) {
  console.log(`\nLighthouse (mobile, ${secure ? "HTTPS and HTTP/2" : "HTTP/1.1"})`);
  console.log("                      perf  target  a11y     FCP      LCP     TBT    CLS");
  for (const r of results) {
    const ms = (value) => `${(value / 1000).toFixed(2)} s`.padStart(8);
    console.log(
      `${r.name.padEnd(20)} ${String(r.perf).padStart(5)} ${String(r.performance).padStart(7)} ${String(r.a11y).padStart(5)} ${ms(r.fcp)} ${ms(r.lcp)} ${`${Math.round(r.tbt)} ms`.padStart(7)} ${r.cls.toFixed(3).padStart(6)}${r.failedA11y.length ? `  a11y: ${r.failedA11y.join(", ")}` : ""}`,
    );
  }
}

/** The closing summary's lines (scripts/bench-summary.mjs): each screen's score and blocking time. */
function summaryRows(results) {
  return results.flatMap((r) => [
    summaryRow(`Lighthouse ${r.name}: performance`, r.perf, "score", `≥ ${r.performance}`, r.perf >= r.performance),
    summaryRow(`Lighthouse ${r.name}: accessibility`, r.a11y, "score", "100", r.a11y === 100),
    summaryRow(
      `Lighthouse ${r.name}: total blocking time`,
      Math.round(r.tbt),
      "ms",
      `≤ ${TBT_GOAL_MS} ms`,
      r.tbt <= TBT_GOAL_MS,
    ),
  ]);
}

if (!process.env.WEB_DIST) ensureWebBuild({ force: !process.argv.includes("--no-build") });
console.log(`\nFirst load per route (gzip), from ${path.relative(root, dist)}/.vite/manifest.json`);
try {
  printRoutes(measureRoutes(dist));
} catch (error) {
  // An older build may not split the routes as ROUTES expects; Lighthouse still runs.
  console.log(error instanceof Error ? error.message : error);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "atelier-bench-web-"));
const server = await startServer(dataDir);
try {
  const results = await runLighthouse(await signIn());
  printLighthouse(results);
  writeSummaryPart("web", { protocol: secure ? "HTTP/2" : "HTTP/1.1" }, summaryRows(results));
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
