import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import pino from "pino";
import { composeContext } from "../src/compose.ts";
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/client.ts";
import { createLocalDiskStorage } from "../src/storage/local-disk.ts";
import type { Storage } from "../src/storage/storage.ts";

// An app instance that only works jobs, for the kill -9 test (designs/zip-instances.postgres.api.test.ts):
// over the test's PostgreSQL database and storage folder, its storage writes stall after their
// first bytes (slow disk I/O), and it prints STALLED when one does, so the test can kill it there.
const databaseUrl = process.env.DATABASE_URL;
const storageDir = process.env.ZIP_STORAGE_DIR;
if (!databaseUrl || !storageDir) throw new Error("DATABASE_URL and ZIP_STORAGE_DIR are required");

const disk = createLocalDiskStorage(storageDir);
const storage: Storage = {
  ...disk,
  put(key, body) {
    let seen = 0;
    const stalling = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        seen += chunk.length;
        if (seen < 1024) return callback(null, chunk);
        process.stdout.write("STALLED\n");
      },
    });
    return disk.put(key, body.pipe(stalling));
  },
};

const config = loadConfig({
  ...process.env,
  DATA_DIR: await mkdtemp(path.join(tmpdir(), "atelier-zip-worker-")),
  LOG_LEVEL: "silent",
});
const database = await openDatabase({ databaseUrl });
const ctx = composeContext(config, {
  database,
  logger: pino({ level: "warn" }, pino.destination(2)),
  adapters: { storage },
});
await ctx.jobs.start();
process.stdout.write("READY\n");
