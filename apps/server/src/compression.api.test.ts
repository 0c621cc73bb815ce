import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { contract } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../test/builders.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

// Issue 13: the server compresses the web app and the JSON answers, never a stored file.
const SCRIPT = `export const text = ${JSON.stringify("Atelier ".repeat(2000))};\n`;
const DOWNLOAD = Buffer.from(JSON.stringify({ notes: "a".repeat(5000) }));
// A build file with the brotli and gzip copies the build writes beside it (apps/web/build/precompress-build.ts).
const STYLES = `.card{padding:8px}\n${"/* Atelier */\n".repeat(500)}`;

let t: TestApp;
let user: BuiltUser;
beforeAll(async () => {
  const webDist = await mkdtemp(path.join(tmpdir(), "atelier-web-"));
  await mkdir(path.join(webDist, "assets"));
  await writeFile(path.join(webDist, "index.html"), `<!doctype html><title>Atelier</title>${"<p>x</p>".repeat(300)}`);
  await writeFile(path.join(webDist, "assets/app-abc123.js"), SCRIPT);
  await writeFile(path.join(webDist, "assets/card-def456.css"), STYLES);
  await writeFile(path.join(webDist, "assets/card-def456.css.br"), brotliCompressSync(STYLES));
  await writeFile(path.join(webDist, "assets/card-def456.css.gz"), gzipSync(STYLES));
  await writeFile(path.join(webDist, "assets/card-def456.css.map"), JSON.stringify({ version: 3, mappings: "" }));
  t = await createTestApp({ WEB_DIST: webDist });
  user = await buildUser(t, { role: "designer" });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: "GET", url, headers });

describe("response compression", () => {
  it("sends the app's scripts in brotli, cached for a year", async () => {
    const res = await get("/app/assets/app-abc123.js", { "accept-encoding": "br, gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it("sends a build file's own compressed copy, by what the browser accepts", async () => {
    const br = await get("/app/assets/card-def456.css", { "accept-encoding": "gzip, deflate, br" });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/css; charset=utf-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toContain("accept-encoding");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(STYLES);

    const gzip = await get("/app/assets/card-def456.css", { "accept-encoding": "br;q=0, gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(STYLES);

    const plain = await get("/app/assets/card-def456.css", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.payload).toBe(STYLES);
  });

  it("serves the build's other files from disk and answers 404 for a missing one", async () => {
    const map = await get("/app/assets/card-def456.css.map", {});
    expect(map.statusCode).toBe(200);
    expect(map.json()).toEqual({ version: 3, mappings: "" });

    const missing = await get("/app/assets/gone-000000.js", { "accept-encoding": "br" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: "NOT_FOUND" });
  });

  it("sends index.html compressed and never cached", async () => {
    const res = await get("/app/projects", { "accept-encoding": "gzip" });
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it("compresses JSON answers", async () => {
    const res = await get("/api/docs/json", { "accept-encoding": "gzip" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
  });

  it("sends stored files as stored, whole or by range", async () => {
    const uploaded = await t.upload(contract.files.upload, {
      token: user.token,
      query: { purpose: "attachment" },
      file: { content: DOWNLOAD, filename: "notes.json", contentType: "application/json" },
    });
    expect(uploaded.status).toBe(200);
    const url = `/serve/s/${uploaded.body.key}`;

    const whole = await get(url, { "accept-encoding": "br, gzip" });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.rawPayload.equals(DOWNLOAD)).toBe(true);

    const part = await get(url, { "accept-encoding": "br, gzip", range: "bytes=10-19" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.rawPayload.equals(DOWNLOAD.subarray(10, 20))).toBe(true);
  });
});
