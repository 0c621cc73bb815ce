import { readFile } from "node:fs/promises";
import { inject } from "vitest";
import { type Database, openDatabase } from "../src/db/client.ts";
import { databaseUrl, onServer, uniqueDatabaseName } from "./migrated-database.ts";

/**
 * Each API test file gets its own database, copied from the one the global setup migrated once
 * (test/global-setup.ts): PGlite starts from its dump; PostgreSQL copies the template database.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void>; url?: string }> {
  const migrated = inject("migratedDatabase");
  if (migrated.kind === "pglite") {
    const database = await openDatabase({ pgliteFrom: new Blob([await readFile(migrated.dumpFile)]) });
    return { database, drop: async () => {} };
  }
  const name = uniqueDatabaseName("atelier_t");
  await onServer(migrated.serverUrl, `create database ${name} template ${migrated.template}`);
  const url = databaseUrl(migrated.serverUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return { database, url, drop: () => onServer(migrated.serverUrl, `drop database if exists ${name} with (force)`) };
}
