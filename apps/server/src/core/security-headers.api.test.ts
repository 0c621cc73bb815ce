import { createHash } from "node:crypto";
import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { contract } from "@atelier/shared";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../../test/builders.ts";
import { listenOn } from "../../test/sse-client.ts";
import { createTestApp, type TestApp } from "../../test/test-app.ts";

// Issue 11: security headers on every answer; the CSP lets only the app's own scripts run.
const PRELOADER = "(function(){document.documentElement.dataset.preloaded='yes'})()";
const SCRIPT = `export const text = ${JSON.stringify("Atelier ".repeat(200))};\n`;
const page = (inline: string) =>
  `<!doctype html>\r\n<html><head><title>Atelier</title><script type="module" crossorigin src="/app/assets/app-abc123.js"></script>` +
  `<script>${inline}</script></head><body><div id="root"></div></body></html>`;
const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

let t: TestApp;
let user: BuiltUser;
let webDist: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), "atelier-web-"));
  await mkdir(path.join(webDist, "assets"));
  await writeFile(path.join(webDist, "index.html"), page(PRELOADER));
  await writeFile(path.join(webDist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await writeFile(path.join(webDist, "assets/app-abc123.js"), SCRIPT);
  await writeFile(path.join(webDist, "assets/app-abc123.js.br"), brotliCompressSync(SCRIPT));
  await writeFile(path.join(webDist, "assets/app-abc123.js.gz"), gzipSync(SCRIPT));
  t = await createTestApp({ WEB_DIST: webDist });
  user = await buildUser(t, { role: "customer" });
});
afterAll(async () => {
  await t.close();
});

/** The CSP's directives by name, each with its sources. */
function cspOf(headers: IncomingHttpHeaders | Record<string, unknown>): Map<string, string[]> {
  const header = headers["content-security-policy"];
  expect(typeof header, "a Content-Security-Policy header").toBe("string");
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** What every answer carries, whatever it is. */
function expectBaseHeaders(headers: IncomingHttpHeaders | Record<string, unknown>): void {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toEqual(expect.stringContaining("camera=()"));
  expect(headers["permissions-policy"]).toEqual(expect.stringContaining("geolocation=()"));
  expect(headers["permissions-policy"]).toEqual(expect.stringContaining("microphone=()"));
  // Plain HTTP: the browser would pin a scheme this server does not speak.
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(cspOf(headers).get("frame-ancestors")).toEqual(["'none'"]);
}

/** The app's own policy: scripts only from this origin, plus the given inline hashes. */
function expectAppPolicy(headers: IncomingHttpHeaders | Record<string, unknown>, inlineHashes: string[] = []): void {
  expectBaseHeaders(headers);
  const csp = cspOf(headers);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("script-src")).toEqual(["'self'", ...inlineHashes]);
  expect(csp.get("script-src-attr")).toEqual(["'none'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'none'"]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  expect(csp.has("upgrade-insecure-requests")).toBe(false);
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: "GET", url, headers });

describe("security headers", () => {
  it("sends the app's page with a CSP that allows its own inline preloader by hash, not 'unsafe-inline'", async () => {
    for (const url of ["/app/", "/app/projects", "/app/project/some-id/tasks"]) {
      const res = await get(url, { "accept-encoding": "gzip" });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-type"]).toContain("text/html");
      expectAppPolicy(res.headers, [hashOf(PRELOADER)]);
    }
  });

  it("follows a rebuild of the page without a restart: the new preloader's hash, not the old one", async () => {
    const rebuilt = "(function(){document.title='Atelier rebuilt'})()";
    // A later modification time than the first build's, whatever the file system's resolution.
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(webDist, "index.html"), page(rebuilt).replace("<title>", "<title>\r\n"));
    try {
      const res = await get("/app/");
      expect(res.payload).toContain(rebuilt);
      expectAppPolicy(res.headers, [hashOf(rebuilt)]);
    } finally {
      await writeFile(path.join(webDist, "index.html"), page(PRELOADER));
    }
  });

  it("hashes a script the way the browser reads it: line breaks as LF", async () => {
    const withCrlf = "var a = 1;\r\nvar b = 2;\r\n";
    await new Promise((resolve) => setTimeout(resolve, 20));
    await writeFile(path.join(webDist, "index.html"), page(withCrlf));
    try {
      expectAppPolicy((await get("/app/")).headers, [hashOf("var a = 1;\nvar b = 2;\n")]);
    } finally {
      await writeFile(path.join(webDist, "index.html"), page(PRELOADER));
    }
  });

  it("sends the app's build files and static files with the app's policy", async () => {
    const script = await get("/app/assets/app-abc123.js", { "accept-encoding": "br" });
    expect(script.statusCode).toBe(200);
    expectAppPolicy(script.headers);
    const icon = await get("/app/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expectAppPolicy(icon.headers);
  });

  it("sends JSON calls and their errors with the headers", async () => {
    const info = await get(contract.auth.info.path, { "auth-token": user.token });
    expect(info.statusCode).toBe(200);
    expectAppPolicy(info.headers);

    const unauthorized = await get(contract.auth.info.path);
    expect(unauthorized.statusCode).toBe(401);
    expectAppPolicy(unauthorized.headers);

    const badInput = await t.app.inject({
      method: "POST",
      url: contract.auth.login.path,
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    expect(badInput.statusCode).toBe(400);
    expectAppPolicy(badInput.headers);

    for (const url of ["/no/such/call", "/app/assets/gone-000000.js"]) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expectAppPolicy(missing.headers);
    }
  });

  it("serves an uploaded file so that nothing in it can run on our origin", async () => {
    const svg = Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg"><script>parent.stolen = localStorage.getItem("atelier.token")</script></svg>`,
    );
    const uploaded = await t.upload(contract.files.upload, {
      token: user.token,
      query: { purpose: "attachment" },
      file: { content: svg, filename: "logo.svg", contentType: "image/svg+xml" },
    });
    expect(uploaded.status).toBe(200);
    const res = await get(`/serve/s/${uploaded.body.key}`);
    expect(res.statusCode).toBe(200);
    expectBaseHeaders(res.headers);
    // Not an image type we show: a download, never a document of ours.
    expect(res.headers["content-type"]).not.toContain("svg");
    expect(res.headers["content-disposition"]).toMatch(/^attachment;/);
    const csp = cspOf(res.headers);
    expect(csp.get("default-src")).toEqual(["'none'"]);
    expect(csp.has("sandbox")).toBe(true);
    expect(csp.has("script-src")).toBe(false);

    const unknown = await get("/serve/s/no-such-key");
    expect(unknown.statusCode).toBe(404);
    expectAppPolicy(unknown.headers);
  });

  it("opens the realtime event stream with the headers", async () => {
    const base = await listenOn(t);
    const init = await t.api(contract.realtime.init, { token: user.token, params: { id: user.user.id } });
    const controller = new AbortController();
    const res = await fetch(`${base}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`, {
      signal: controller.signal,
    });
    controller.abort();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expectAppPolicy(Object.fromEntries(res.headers));
  });

  it("serves the API docs page under the same policy, its scripts all files of ours", async () => {
    const docs = await get("/api/docs/");
    expect(docs.statusCode).toBe(200);
    expectAppPolicy(docs.headers);
    // Every script of the page is a file (script-src 'self'), none inline.
    const scripts = [...docs.payload.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = "", text = ""] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(text.trim()).toBe("");
    }
  });
});

describe("security headers over TLS", () => {
  let tls: TestApp;
  beforeAll(async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "atelier-tls-"));
    const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], { keyType: "ec", algorithm: "sha256" });
    await writeFile(path.join(dir, "cert.pem"), pems.cert);
    await writeFile(path.join(dir, "key.pem"), pems.private);
    tls = await createTestApp({
      TLS_CERT_FILE: path.join(dir, "cert.pem"),
      TLS_KEY_FILE: path.join(dir, "key.pem"),
      WEB_DIST: webDist,
    });
  });
  afterAll(async () => {
    await tls?.close();
  });

  it("pins HTTPS (HSTS) and upgrades insecure requests on every answer", async () => {
    for (const url of ["/app/", contract.auth.info.path, "/no/such/call"]) {
      const res = await tls.app.inject({ method: "GET", url });
      expect(res.headers["strict-transport-security"], url).toBe("max-age=31536000; includeSubDomains");
      const csp = cspOf(res.headers);
      expect(csp.has("upgrade-insecure-requests"), url).toBe(true);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    }
  });
});
