import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { type Database, type Db, openDatabase } from "../src/db/client.ts";

/** One statement as the app sent it to the driver, replayable as the call's bare SQL. */
export interface RecordedQuery {
  text: string;
  params: unknown[];
}

export type Row = Record<string, unknown>;

/** The driver under Drizzle (PGlite or the pg pool), used directly for seeding and baselines. */
export interface RawSql {
  query(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` and returns every statement the app sent to the driver meanwhile. */
  record<T>(work: () => Promise<T>): Promise<{ result: T; queries: RecordedQuery[] }>;
}

export interface BenchDatabase {
  database: Database;
  raw: RawSql;
  /** the temp folder (PGlite data, app data dir) */
  dir: string;
  describe: string;
  /** the throwaway PostgreSQL database's URL, for other processes; null on PGlite */
  url: string | null;
  dispose(): Promise<void>;
}

/**
 * PostgreSQL when BENCH_DATABASE_URL is set (a throwaway database on that server, dropped at
 * the end), otherwise PGlite in a temp folder; migrated either way.
 */
export async function openBenchDatabase(serverUrl: string | undefined): Promise<BenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), "atelier-bench-"));
  const throwaway = serverUrl ? await createThrowawayDatabase(serverUrl) : null;
  const database = await openDatabase(throwaway ? { databaseUrl: throwaway.url } : { pgliteDir: path.join(dir, "db") });
  await database.migrate();
  return {
    database,
    raw: rawSqlOf(database.db),
    dir,
    describe: throwaway ? `PostgreSQL (throwaway database ${throwaway.name})` : `PGlite in ${dir}`,
    url: throwaway?.url ?? null,
    async dispose() {
      await database.close();
      // BENCH_KEEP_DATABASE=1 leaves the seeded database for EXPLAIN and profiling by hand.
      if (process.env.BENCH_KEEP_DATABASE === "1") {
        console.log(`kept ${throwaway ? `database ${throwaway.name}` : dir}`);
        return;
      }
      await throwaway?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function createThrowawayDatabase(serverUrl: string) {
  const name = `atelier_bench_${process.pid}_${Date.now()}`;
  await withClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type QueryMethod = (...args: unknown[]) => Promise<unknown>;

function rawSqlOf(db: Db): RawSql {
  // Drizzle keeps the driver it was built over on `$client`; the Db type does not declare it.
  const client = (db as unknown as { $client: unknown }).$client;
  let query: RawSql["query"];
  if (client instanceof PGlite) {
    query = async (text, params = []) => (await client.query<Row>(text, params)).rows;
  } else if (client instanceof pg.Pool) {
    query = async (text, params = []) => (await client.query<Row>(text, params)).rows;
  } else {
    throw new Error("unknown database driver under Drizzle");
  }
  const target = client as { query: QueryMethod };
  return {
    query,
    async record(work) {
      const queries: RecordedQuery[] = [];
      const original = target.query;
      // Both drivers get (text or {text}, params) from Drizzle; wrapping `query` sees them all.
      target.query = function recordQuery(this: unknown, ...args: unknown[]) {
        queries.push(describeQuery(args));
        return original.apply(this, args);
      };
      try {
        return { result: await work(), queries };
      } finally {
        target.query = original;
      }
    },
  };
}

function describeQuery(args: unknown[]): RecordedQuery {
  const [first, params] = args;
  const text = typeof first === "string" ? first : (first as { text: string }).text;
  return { text, params: Array.isArray(params) ? params : [] };
}
