import PgBoss from "pg-boss";
import type { SqlExecutor } from "./sql-executor.ts";

/** pg-boss keeps its queue tables in their own schema; the job runner and its migrations name it. */
export const JOB_SCHEMA = "pgboss";

/**
 * Creates pg-boss's tables with the app's own migrations, so a freshly migrated database (and a
 * test template copied from one) already holds them; pg-boss then only checks the version at
 * start and migrates its own schema on upgrades.
 */
export async function installJobSchema(execute: SqlExecutor): Promise<void> {
  const { rows } = await execute("select 1 from pg_namespace where nspname = $1", [JOB_SCHEMA]);
  if (rows.length > 0) return;
  await execute(PgBoss.getConstructionPlans(JOB_SCHEMA));
}
