import type { DbOrTx } from "./client.ts";

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A hot read's prepared statement, built once per database handle (DESIGN §10, hot calls):
 * Drizzle builds the SQL once, and PostgreSQL can keep a plan for it on each connection. `name`
 * is both the cache key and the statement's name on the connection (`prepare` passes it to
 * Drizzle's `.prepare(name)`), so one name always stands for one statement.
 */
export function preparedOnce<Statement>(
  db: DbOrTx,
  name: string,
  prepare: (db: DbOrTx, name: string) => Statement,
): Statement {
  let built = statements.get(db);
  if (!built) {
    built = new Map();
    statements.set(db, built);
  }
  let statement = built.get(name) as Statement | undefined;
  if (statement === undefined) {
    statement = prepare(db, name);
    built.set(name, statement);
  }
  return statement;
}
