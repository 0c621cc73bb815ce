import { type AnyColumn, type SQL, sql } from "drizzle-orm";

/**
 * A timestamp as whole epoch milliseconds, as the API writes times everywhere (`Date.getTime()`),
 * for answers PostgreSQL writes as JSON.
 */
export const epochMs = (column: AnyColumn | SQL) => sql<number>`floor(extract(epoch from ${column}) * 1000)::float8`;
