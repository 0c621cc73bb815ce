import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { composeContext } from "../src/compose.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { Adapters, AppContext } from "../src/core/context.ts";
import { type Database, openDatabase } from "../src/db/client.ts";
import { preHash } from "../src/features/setup/index.ts";
import { type ApiClient, createApiClient } from "./api-client.ts";
import { openTestDatabase } from "./test-database.ts";

/**
 * A real app over a fresh database for one test file: in-memory PGlite by default, or a new
 * throwaway PostgreSQL database when TEST_DB=postgres (server from TEST_DATABASE_URL); either is
 * a copy of the database the global setup migrated once. Calls go through `api` (typed by the
 * contract, see api-client.ts); data comes from test/builders.ts. `adapters` replaces what
 * stands for the outside world (mail, storage, payments, event bus), nothing else.
 */
export interface TestApp extends ApiClient {
  app: FastifyInstance;
  ctx: AppContext;
  database: Database;
  config: Config;
  /** Runs the background jobs that are due (mail, zips…) until none is left. */
  drainJobs(): Promise<void>;
  /** PostgreSQL runs: the test database's URL, for a second instance over the same database. */
  databaseUrl: string | undefined;
  /** The mails sent so far, after running the jobs that send them. */
  readOutbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links?: string[];
  replyTo?: string;
}

export async function createTestApp(
  env: Record<string, string> = {},
  adapters: Partial<Adapters> = {},
  /**
   * `database`: another app's database object, a second server on the same data (a restart); it
   * is not closed here. `sameDatabaseAs`: a second instance with its own connections to another
   * app's PostgreSQL database (two instances behind a load balancer).
   */
  shared: { database?: Database; sameDatabaseAs?: TestApp } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "atelier-test-"));
  // No clock for scheduled jobs: a test runs a tick with its own "now" (JOB_SCHEDULES).
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    JOB_SCHEDULES: "0",
    ...env,
  });
  const {
    database,
    drop: dropDatabase,
    url,
  } = shared.database
    ? { database: shared.database, drop: async () => {}, url: undefined }
    : await openDatabaseFor(shared.sameDatabaseAs);
  const ctx = composeContext(config, { database, logger: pino({ level: "silent" }), adapters });
  // Jobs run when a test asks (`drainJobs`, `readOutbox`), so what a test reads is settled.
  await ctx.jobs.start({ work: false });
  const { app } = await buildApp(ctx);
  await app.ready();

  return {
    app,
    ctx,
    database,
    config,
    ...createApiClient(app),
    databaseUrl: url,
    drainJobs: () => ctx.jobs.drain(),
    async readOutbox() {
      await ctx.jobs.drain();
      const dir = path.join(dataDir, "outbox");
      const names = (await readdir(dir).catch(() => [])).sort();
      return Promise.all(
        names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxMail),
      );
    },
    async close() {
      await app.close();
      await ctx.jobs.stop();
      if (!shared.database) await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { preHash };

/**
 * A fresh test database, or (PostgreSQL only) a second connection to another test app's, as a
 * second server instance would have; the first app drops it.
 */
async function openDatabaseFor(other: TestApp | undefined) {
  if (!other) return openTestDatabase();
  if (!other.databaseUrl) throw new Error("a second instance over one database needs TEST_DB=postgres");
  const database = await openDatabase({ databaseUrl: other.databaseUrl });
  return { database, drop: async () => {}, url: other.databaseUrl };
}
