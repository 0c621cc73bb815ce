import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import http2 from "node:http2";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { contract } from "@atelier/shared";
import { generate } from "selfsigned";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildUser } from "../test/builders.ts";
import { createTestApp, type TestApp } from "../test/test-app.ts";

// Issue 13: with TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS itself, HTTP/2 to
// browsers (a page's chunks share one connection) and HTTP/1.1 to clients that offer only that.
const SCRIPT = `export const text = ${JSON.stringify("Atelier ".repeat(2000))};\n`;

let t: TestApp;
let origin: string;
let cert: string;
let user: BuiltUser;
let session: http2.ClientHttp2Session;

beforeAll(async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "atelier-tls-"));
  const pems = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] }],
  });
  cert = pems.cert;
  await writeFile(path.join(dir, "cert.pem"), pems.cert);
  await writeFile(path.join(dir, "key.pem"), pems.private);
  const webDist = path.join(dir, "web");
  await mkdir(path.join(webDist, "assets"), { recursive: true });
  await writeFile(path.join(webDist, "index.html"), "<!doctype html><title>Atelier</title>");
  await writeFile(path.join(webDist, "assets/app-abc123.js"), SCRIPT);
  await writeFile(path.join(webDist, "assets/app-abc123.js.br"), brotliCompressSync(SCRIPT));
  t = await createTestApp({
    TLS_CERT_FILE: path.join(dir, "cert.pem"),
    TLS_KEY_FILE: path.join(dir, "key.pem"),
    WEB_DIST: webDist,
  });
  user = await buildUser(t, { role: "customer" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  origin = `https://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  session = http2.connect(origin, { ca: cert });
});
afterAll(async () => {
  session?.close();
  await t.close();
});

interface Answer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: Buffer;
}

/** One request on the shared HTTP/2 connection, read to its end. */
function request2(urlPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ":path": urlPath, ...headers });
    const chunks: Buffer[] = [];
    let answerHeaders: http2.IncomingHttpHeaders = {};
    stream.on("response", (received) => {
      answerHeaders = received;
    });
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () =>
      resolve({ status: Number(answerHeaders[":status"]), headers: answerHeaders, body: Buffer.concat(chunks) }),
    );
    stream.on("error", reject);
    stream.end();
  });
}

describe("HTTPS with HTTP/2", () => {
  it("negotiates HTTP/2 and serves the web app and its files, compressed, on one connection", async () => {
    const [page, script] = await Promise.all([
      request2("/app/"),
      request2("/app/assets/app-abc123.js", { "accept-encoding": "br" }),
    ]);
    expect(session.alpnProtocol).toBe("h2");
    expect(page.status).toBe(200);
    expect(page.body.toString("utf8")).toContain("<title>Atelier</title>");
    expect(script.status).toBe(200);
    expect(script.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(script.body).toString("utf8")).toBe(SCRIPT);
  });

  it("answers the API's JSON calls", async () => {
    const answer = await request2(contract.auth.info.path, { "auth-token": user.token });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString("utf8"))).toMatchObject({ email: user.user.email });
  });

  it("opens a realtime event stream without HTTP/1.1's connection header", async () => {
    // Node drops a connection header from an HTTP/2 answer with a warning: none may be raised.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const init = await t.api(contract.realtime.init, { token: user.token, params: { id: user.user.id } });
    expect(init.status).toBe(200);
    const stream = session.request({ ":path": `${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}` });
    const [headers, firstBytes] = await Promise.all([
      new Promise<http2.IncomingHttpHeaders>((resolve) => stream.once("response", resolve)),
      new Promise<string>((resolve) => stream.once("data", (chunk: Buffer) => resolve(chunk.toString("utf8")))),
    ]);
    stream.close();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    expect(warnings.map((warning) => warning.message)).toEqual([]);
    expect(headers[":status"]).toBe(200);
    expect(headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(headers.connection).toBeUndefined();
    expect(firstBytes).toContain("retry: 2000");
  });

  it("still answers clients that offer only HTTP/1.1", async () => {
    const answer = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(`${origin}/app/`, { ca: cert }, (response) => {
          response.resume();
          resolve({ status: response.statusCode ?? 0, version: response.httpVersion });
        })
        .on("error", reject);
    });
    expect(answer).toEqual({ status: 200, version: "1.1" });
  });
});
