import pg from "pg";

/** What the global setup hands each test file: where the once-migrated database is. */
export type MigratedDatabase =
  | { kind: "pglite"; dumpFile: string }
  | { kind: "postgres"; serverUrl: string; template: string };

declare module "vitest" {
  export interface ProvidedContext {
    migratedDatabase: MigratedDatabase;
  }
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs one statement (create/drop database) over the server URL's own database. */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
