/**
 * True when a query failed on a unique index (PostgreSQL 23505). Drizzle wraps driver errors, so
 * the code may sit on the error or on its cause; PGlite and node-postgres both report it so.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint: name } = current as Error & { code?: unknown; constraint?: unknown };
    if (code === "23505") return constraint === undefined || name === constraint;
  }
  return false;
}
