import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/core/context.ts";
import { preHash } from "../src/features/setup/index.ts";
import { type ApiClient, createApiClient } from "./api-client.ts";
import { openTestDatabase } from "./test-database.ts";

/**
 * A real app over a fresh database for one test file: in-memory PGlite by default, or a new
 * throwaway PostgreSQL database when TEST_DB=postgres (server from TEST_DATABASE_URL); either is
 * a copy of the database the global setup migrated once. Calls go through `api` (typed by the
 * contract, see api-client.ts); data comes from test/builders.ts.
 */
export interface TestApp extends ApiClient {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  readOutbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links?: string[];
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "atelier-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000", ...env });
  const { database, drop: dropDatabase } = await openTestDatabase();
  const { app, ctx } = await buildApp({ config, db: database.db, logger: pino({ level: "silent" }) });
  await app.ready();

  return {
    app,
    ctx,
    config,
    ...createApiClient(app),
    async readOutbox() {
      const dir = path.join(dataDir, "outbox");
      const names = (await readdir(dir).catch(() => [])).sort();
      return Promise.all(
        names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), "utf8")) as OutboxMail),
      );
    },
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { preHash };
