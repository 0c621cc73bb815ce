import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@atelier/shared";
import type { FastifyInstance, InjectOptions } from "fastify";
import pg from "pg";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Adapters, type AppContext, createContext } from "../src/core/context.ts";
import { createSession } from "../src/core/sessions/service.ts";
import { openDatabase } from "../src/db/client.ts";
import { preHash } from "../src/features/setup/index.ts";
import { createAccount, type UserRow } from "../src/features/users/index.ts";
import { hashPassword } from "../src/lib/passwords.ts";

/**
 * A real app over a fresh database for one test file: in-memory PGlite by default, or a new
 * throwaway PostgreSQL database when TEST_DB=postgres (server from TEST_DATABASE_URL).
 */
export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  /** app.inject with JSON in and out; `token` sets Auth-Token. */
  call(
    options: InjectOptions & { token?: string },
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  buildUser(overrides?: Partial<BuiltUserInput>): Promise<BuiltUser>;
  /** Runs the background jobs that are due (mail, zips…) until none is left. */
  drainJobs(): Promise<void>;
  /** The mails sent so far, after running the jobs that send them. */
  readOutbox(): Promise<OutboxMail[]>;
  close(): Promise<void>;
}

interface BuiltUserInput {
  role: Role;
  email: string;
  name: string;
  surname: string;
  password: string;
  hourRateCents: number;
}

export interface BuiltUser {
  user: UserRow;
  token: string;
  /** the plain password; send `preHash(password)` as the browser would */
  password: string;
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links?: string[];
}

let counter = 0;

export async function createTestApp(
  env: Record<string, string> = {},
  adapters: Partial<Adapters> = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "atelier-test-"));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000", ...env });
  const { databaseUrl, dropDatabase } = await throwawayDatabase();
  const database = await openDatabase({ databaseUrl });
  await database.migrate();
  const ctx = createContext(config, { database, logger: pino({ level: "silent" }), adapters });
  // Jobs run when a test asks (`drainJobs`, `readOutbox`), so what a test reads is settled.
  await ctx.jobs.start({ work: false });
  const { app } = await buildApp(ctx);
  await app.ready();

  return {
    app,
    ctx,
    config,
    async call({ token, ...options }) {
      const response = await app.inject({
        ...options,
        headers: { ...(options.headers ?? {}), ...(token ? { "auth-token": token } : {}) },
      });
      const isJson = String(response.headers["content-type"] ?? "").includes("application/json");
      return { status: response.statusCode, body: isJson ? response.json() : response.body, headers: response.headers };
    },
    async buildUser(overrides = {}) {
      counter += 1;
      const role = overrides.role ?? "customer";
      const password = overrides.password ?? `password-${counter}`;
      const user = await createAccount(ctx.db, {
        role,
        email: overrides.email ?? `${role.toLowerCase()}-${counter}-${Date.now()}@example.test`,
        name: overrides.name ?? `Name${counter}`,
        surname: overrides.surname ?? `Surname${counter}`,
        passwordHash: await hashPassword(preHash(password)),
        hourRateCents: overrides.hourRateCents ?? 0,
      });
      return { user, token: await createSession(ctx.db, user.id), password };
    },
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
      await database.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function throwawayDatabase(): Promise<{ databaseUrl: string | undefined; dropDatabase: () => Promise<void> }> {
  if (process.env.TEST_DB !== "postgres") return { databaseUrl: undefined, dropDatabase: async () => {} };
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const name = `atelier_t_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async dropDatabase() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export { preHash };
