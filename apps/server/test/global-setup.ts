import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/db/client.ts";
import { databaseUrl, onServer, uniqueDatabaseName } from "./migrated-database.ts";

/**
 * Migrates one database per run with the app's own `migrate()`, so whatever it sets up (tables,
 * job queues…) is in every copy; each test file then starts from a copy (test/test-database.ts)
 * instead of migrating again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DB === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
    const template = uniqueDatabaseName("atelier_template");
    await onServer(serverUrl, `create database ${template}`);
    const dropTemplate = () => onServer(serverUrl, `drop database if exists ${template} with (force)`);
    try {
      const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template) });
      // Closed before the copies: PostgreSQL copies a template only while no one is connected.
      await database.migrate().finally(() => database.close());
    } catch (error) {
      await dropTemplate();
      throw error;
    }
    project.provide("migratedDatabase", { kind: "postgres", serverUrl, template });
    return dropTemplate;
  }

  const dir = await mkdtemp(path.join(tmpdir(), "atelier-migrated-"));
  const dumpFile = path.join(dir, "pgdata.tar");
  const database = await openDatabase({});
  try {
    await database.migrate();
    if (!database.dump) throw new Error("PGlite database without dump()");
    await writeFile(dumpFile, Buffer.from(await (await database.dump()).arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide("migratedDatabase", { kind: "pglite", dumpFile });
  return () => rm(dir, { recursive: true, force: true });
}
