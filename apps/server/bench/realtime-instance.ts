import type { AddressInfo } from "node:net";
import path from "node:path";
import { writeHeapSnapshot } from "node:v8";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { composeContext } from "../src/compose.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";

/**
 * One server instance of the realtime bench, as a child process (realtime.ts forks two): the app
 * as main.ts builds it, over the bench's PostgreSQL database (already migrated), on a free port.
 * Over the IPC channel it says where it listens, answers its memory after a full GC (it runs with
 * --expose-gc) and closes when asked.
 */
export type InstanceMessage = { kind: "listening"; url: string } | { kind: "memory"; rss: number; heapUsed: number };
export type InstanceRequest = { kind: "memory" } | { kind: "close" };

const send = (message: InstanceMessage) => process.send?.(message);

const config = loadConfig({
  DATABASE_URL: process.env.DATABASE_URL,
  SECRETS_KEY: process.env.SECRETS_KEY,
  DATA_DIR: process.env.DATA_DIR,
  PUBLIC_URL: "http://127.0.0.1",
  LOG_LEVEL: "silent",
});
const logger = pino({ level: process.env.BENCH_INSTANCE_LOG ?? "silent" });
const database = await openDatabase({ databaseUrl: config.databaseUrl, log: logger });
const { app } = await buildApp(composeContext(config, { database, logger }));
await app.listen({ host: "127.0.0.1", port: 0 });
send({ kind: "listening", url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` });

process.on("message", (request: InstanceRequest) => {
  if (request.kind === "memory") {
    // Two passes: the first may only queue finalizers whose memory the second frees.
    globalThis.gc?.();
    globalThis.gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    // BENCH_REALTIME_HEAP=<folder>: a heap snapshot at each reading, to see what a stream holds.
    const heapFolder = process.env.BENCH_REALTIME_HEAP;
    if (heapFolder)
      writeHeapSnapshot(path.join(path.resolve(heapFolder), `instance-${process.pid}-${Date.now()}.heapsnapshot`));
    send({ kind: "memory", rss, heapUsed });
  } else {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  }
});
