import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { Database } from "../src/db/client.ts";

/**
 * Records every statement a database is sent while `work` runs, at the driver, so nothing the
 * app sends is missed: BEGIN and COMMIT, statements inside transactions, raw SQL (pg-boss).
 * PostgreSQL: every `query` of a pool connection (pg.Client), so keep other work on the same
 * process quiet meanwhile (no open streams). PGlite: each Parse (extended protocol) and Query
 * (simple protocol) message the instance is handed.
 */
export async function recordStatements<T>(
  database: Database,
  work: () => Promise<T>,
): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const original = client.execProtocolStream.bind(client);
    client.execProtocolStream = (message, options) => {
      const tag = message[0];
      // 'P' (Parse) starts each extended-protocol query; 'Q' is a simple-protocol one.
      if (tag === 0x50 || tag === 0x51) statements.push(statementText(message));
      return original(message, options);
    };
    try {
      return { result: await work(), statements };
    } finally {
      client.execProtocolStream = original;
    }
  }
  if (!(client instanceof pg.Pool)) throw new Error("unknown database driver under Drizzle");
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function recordQuery(this: unknown, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === "string" ? first : String((first as { text?: string }).text ?? ""));
    return original.apply(this, args);
  };
  try {
    return { result: await work(), statements };
  } finally {
    prototype.query = original;
  }
}

/** The SQL text of a Parse or Query message (Parse: name\0 text\0 …; Query: text\0). */
function statementText(message: Uint8Array): string {
  const body = message.subarray(5);
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  if (message[0] === 0x51) return decode(body.subarray(0, Math.max(0, body.indexOf(0))));
  const nameEnd = body.indexOf(0);
  const rest = body.subarray(nameEnd + 1);
  return decode(rest.subarray(0, Math.max(0, rest.indexOf(0))));
}
