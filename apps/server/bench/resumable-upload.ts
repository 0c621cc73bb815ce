import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { RESUMABLE_UPLOAD_PATH } from "@atelier/shared";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { composeContext } from "../src/compose.ts";
import { loadConfig } from "../src/config.ts";
import { createSession } from "../src/core/sessions/service.ts";
import { preHash } from "../src/features/setup/index.ts";
import { createAccount } from "../src/features/users/index.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { openBenchDatabase } from "./database.ts";

/**
 * `npm run bench:upload -w @atelier/server` (issue 23, decision 058): a large upload survives a
 * dropped connection. Generates a file of BENCH_UPLOAD_MB (default 500) random bytes, sends it to
 * the real server over the tus protocol, cuts the connection once half of it has left
 * (BENCH_UPLOAD_CUT, a fraction, default 0.5), asks the server where it stands (HEAD), sends the
 * rest from there, and checks that the stored file (read back through /serve/s/{key}) has the
 * same SHA-256 as the original. Exits 1 when it does not. BENCH_DATABASE_URL as for `npm run bench`.
 */
const MB = 1024 * 1024;
const sizeMb = positive("BENCH_UPLOAD_MB", 500);
const cutAt = positive("BENCH_UPLOAD_CUT", 0.5);
const TUS = { "tus-resumable": "1.0.0" };

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

/** Writes `bytes` random bytes to `file`; answers their SHA-256. */
async function writeRandomFile(file: string, bytes: number): Promise<string> {
  const hash = createHash("sha256");
  const out = createWriteStream(file);
  for (let written = 0; written < bytes; ) {
    const chunk = randomBytes(Math.min(8 * MB, bytes - written));
    hash.update(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    written += chunk.length;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return hash.digest("hex");
}

function request(
  url: string,
  options: http.RequestOptions,
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, options, (res) => {
      res.resume();
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * PATCHes the file from `offset`; with `cutAfter`, destroys the connection once that many bytes
 * have been handed to it (the "dropped connection"). Answers whether the request completed.
 */
function patch(
  url: string,
  token: string,
  file: string,
  offset: number,
  cutAfter: number | null,
): Promise<{ completed: boolean; status: number }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: "PATCH",
      headers: {
        ...TUS,
        "auth-token": token,
        "content-type": "application/offset+octet-stream",
        "upload-offset": String(offset),
      },
    });
    let sent = 0;
    let cut = false;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        sent += chunk.length;
        if (cutAfter !== null && sent >= cutAfter && !cut) {
          cut = true;
          req.destroy(new Error("connection cut by the bench"));
          done();
          return;
        }
        done(null, chunk);
      },
    });
    req.on("response", (res) => {
      res.resume();
      res.on("end", () => resolve({ completed: true, status: res.statusCode ?? 0 }));
    });
    req.on("error", (error) => (cut ? resolve({ completed: false, status: 0 }) : reject(error)));
    pipeline(createReadStream(file, { start: offset }), counter, req).catch(() => undefined);
  });
}

async function sha256Of(url: string): Promise<string> {
  const hash = createHash("sha256");
  await new Promise<void>((resolve, reject) => {
    http
      .get(url, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`serve answered ${res.statusCode}`));
        res.on("data", (chunk: Buffer) => hash.update(chunk));
        res.on("end", () => resolve());
      })
      .on("error", reject);
  });
  return hash.digest("hex");
}

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

async function main(): Promise<boolean> {
  const bench = await openBenchDatabase(process.env.BENCH_DATABASE_URL || undefined);
  const config = loadConfig({
    DATA_DIR: bench.dir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://127.0.0.1",
    UPLOAD_MAX_MB: String(sizeMb + 1),
  });
  const ctx = composeContext(config, { database: bench.database, logger: pino({ level: "silent" }) });
  const { app } = await buildApp(ctx);
  try {
    await app.listen({ host: "127.0.0.1", port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const user = await createAccount(ctx.db, {
      role: "designer",
      email: `bench-upload-${Date.now()}@example.test`,
      name: "Bench",
      surname: "Uploader",
      passwordHash: await hashPassword(preHash("bench-password")),
      hourRateCents: 0,
    });
    const token = await createSession(ctx.db, user.id);

    const size = Math.round(sizeMb * MB);
    const source = path.join(bench.dir, "source.bin");
    let started = performance.now();
    const expected = await writeRandomFile(source, size);
    console.log(`generated ${sizeMb} MB in ${seconds(started)} s (sha256 ${expected.slice(0, 16)}…)`);

    const metadata = `filename ${Buffer.from("bench.bin").toString("base64")},purpose ${Buffer.from("design").toString("base64")}`;
    const created = await request(`${base}${RESUMABLE_UPLOAD_PATH}`, {
      method: "POST",
      headers: { ...TUS, "auth-token": token, "upload-length": String(size), "upload-metadata": metadata },
    });
    if (created.status !== 201) throw new Error(`creation answered ${created.status}`);
    const key = String(created.headers.location).split("/").at(-1) ?? "";
    const uploadUrl = `${base}${RESUMABLE_UPLOAD_PATH}/${key}`;

    started = performance.now();
    const first = await patch(uploadUrl, token, source, 0, Math.round(size * cutAt));
    if (first.completed) throw new Error("the connection was not cut");
    // The server notices the cut and keeps what it wrote; it may still be closing the file.
    let offset = 0;
    for (let attempt = 0; attempt < 50; attempt++) {
      const head = await request(uploadUrl, { method: "HEAD", headers: { ...TUS, "auth-token": token } });
      if (head.status === 200) offset = Number(head.headers["upload-offset"]);
      if (head.status === 200 && offset > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(
      `cut after ${Math.round((size * cutAt) / MB)} MB sent in ${seconds(started)} s; the server holds ${(offset / MB).toFixed(1)} MB`,
    );
    if (offset <= 0) throw new Error("nothing was kept after the cut: the upload would start over");

    started = performance.now();
    const rest = await patch(uploadUrl, token, source, offset, null);
    if (rest.status !== 204) throw new Error(`the resumed PATCH answered ${rest.status}`);
    console.log(
      `resumed at ${(offset / MB).toFixed(1)} MB: the remaining ${((size - offset) / MB).toFixed(1)} MB in ${seconds(started)} s`,
    );

    started = performance.now();
    const stored = await sha256Of(`${base}/serve/s/${key}`);
    const same = stored === expected;
    console.log(`stored file read back in ${seconds(started)} s: sha256 ${same ? "matches" : `DIFFERS (${stored})`}`);
    await rm(source, { force: true });
    return same;
  } finally {
    await app.close();
    await bench.dispose();
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
