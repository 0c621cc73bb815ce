import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "pino";
import { installJobSchema } from "./job-schema.ts";
import * as schema from "./schema/index.ts";
import type { SqlExecutor } from "./sql-executor.ts";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle works wherever a Db does. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs outside any transaction; a text without values may hold several statements. */
  execute: SqlExecutor;
  migrate(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start another PGlite from (tests). */
  dump?(): Promise<Blob>;
  /**
   * PostgreSQL only: LISTENs on `channel` over a connection of its own (other instances' commits
   * arrive here). `onMessage` also runs with null after the connection was lost and made again,
   * since notifications sent meanwhile are gone. Answers how to stop listening.
   */
  listen?(channel: string, onMessage: (payload: string | null) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the connection pool's state now (metrics). */
  poolStats?(): PoolStats;
  close(): Promise<void>;
}

export interface PoolStats {
  /** connections checked out by a query or transaction */
  inUse: number;
  idle: number;
  /** queries waiting for a connection because all `max` are in use */
  waiting: number;
  max: number;
}

const DEFAULT_POOL_MAX = 10;

const migrationsFolder = path.join(import.meta.dirname, "../../drizzle");
// Any fixed number: every instance takes the same lock before migrating.
const MIGRATION_LOCK = 7_243_911;

/**
 * PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory for `memory://`).
 * `pgliteFrom` starts PGlite from a `dump()` of another one, so tests migrate only once.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL: the pool's most connections (DATABASE_POOL_MAX), 10 when unset */
  poolMax?: number;
  pgliteDir?: string;
  pgliteFrom?: Blob;
  log?: Pick<Logger, "warn">;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? DEFAULT_POOL_MAX, options.log);
  return openPglite(options.pgliteDir, options.pgliteFrom);
}

async function openPglite(dir: string | undefined, from: Blob | undefined): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  // pg_trgm backs the task title search (migration 0006_tasks_title_search).
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(from ? { loadDataDir: from } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const execute: SqlExecutor = async (text, values) => {
    // The simple protocol (exec) takes several statements; the extended one (query) takes values.
    if (!values || values.length === 0) return { rows: (await client.exec(text)).at(-1)?.rows ?? [] };
    return { rows: (await client.query(text, values)).rows };
  };
  return {
    db,
    kind: "pglite",
    execute,
    // One process owns a PGlite directory, so no lock is needed.
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      await installJobSchema(execute);
    },
    dump: () => client.dumpDataDir("none"),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, max: number, log: Pick<Logger, "warn"> | undefined): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection the server closes (a restart, a failover, an admin) leaves the pool and the
  // next query opens a new one; without a listener the pool's error event would end the process.
  pool.on("error", (error) => log?.warn({ err: error }, "idle database connection closed"));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    execute: async (text, values) => ({ rows: (await pool.query(text, values)).rows }),
    async migrate() {
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(drizzlePg(connection, { schema }), { migrationsFolder });
        await installJobSchema(async (text, values) => ({ rows: (await connection.query(text, values)).rows }));
      } finally {
        await connection.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]);
        connection.release();
      }
    },
    listen: (channel, onMessage) => listenOn(url, channel, onMessage, log),
    poolStats: () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    }),
    close: () => pool.end(),
  };
}

/** The newest migration this code ships (drizzle's journal), read once. */
let newestMigration: Promise<number> | undefined;
function newestShippedMigration(): Promise<number> {
  newestMigration ??= readFile(path.join(migrationsFolder, "meta/_journal.json"), "utf8").then((text) => {
    const journal = JSON.parse(text) as { entries: Array<{ when: number }> };
    return Math.max(0, ...journal.entries.map((entry) => entry.when));
  });
  return newestMigration;
}

/**
 * Whether the database has every migration this code ships (readiness). Drizzle records each
 * applied migration with its journal time; a database ahead of this code (a newer instance
 * migrated it during a rolling deploy) is current too.
 */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select coalesce(max(created_at), 0)::text as newest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: Array<{ newest: string }> };
  return Number(result.rows[0]?.newest ?? 0) >= (await newestShippedMigration());
}

const RELISTEN_MS = 1000;

async function listenOn(
  url: string,
  channel: string,
  onMessage: (payload: string | null) => void,
  log: Pick<Logger, "warn"> | undefined,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (reconnecting: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? null);
    });
    next.on("error", (error) => {
      log?.warn({ err: error }, "event listener connection lost");
      void next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) retry = setTimeout(() => void connect(true).catch(() => {}), RELISTEN_MS);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await next.end().catch(() => {});
      if (!reconnecting) throw error;
      log?.warn({ err: error }, "event listener could not reconnect; trying again");
      if (!stopped) retry = setTimeout(() => void connect(true).catch(() => {}), RELISTEN_MS);
      return;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    // What was committed while the connection was down is read from the table, not NOTIFY.
    if (reconnecting) onMessage(null);
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}
