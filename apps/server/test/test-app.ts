import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Role } from "@atelier/shared";
import type { FastifyInstance, InjectOptions } from "fastify";
import pino from "pino";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import type { AppContext } from "../src/core/context.ts";
import { createSession } from "../src/features/auth/index.ts";
import { preHash } from "../src/features/setup/index.ts";
import { insertUser, type UserRow } from "../src/features/users/index.ts";
import { hashPassword } from "../src/lib/passwords.ts";
import { openTestDatabase } from "./test-database.ts";

/**
 * A real app over a fresh database for one test file: in-memory PGlite by default, or a new
 * throwaway PostgreSQL database when TEST_DB=postgres (server from TEST_DATABASE_URL); either is
 * a copy of the database the global setup migrated once.
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
      const user = await insertUser(ctx.db, {
        role,
        email: overrides.email ?? `${role.toLowerCase()}-${counter}-${Date.now()}@example.test`,
        name: overrides.name ?? `Name${counter}`,
        surname: overrides.surname ?? `Surname${counter}`,
        passwordHash: await hashPassword(preHash(password)),
        hourRateCents: overrides.hourRateCents ?? 0,
      });
      return { user, token: await createSession(ctx.db, user.id), password };
    },
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
