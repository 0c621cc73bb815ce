/** Plain SQL text with `$n` parameters, for libraries that bring their own SQL (pg-boss). */
export type SqlExecutor = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
