import { customType, timestamp } from "drizzle-orm/pg-core";

/** Timestamps as the API shows them: epoch milliseconds, so three fractional digits and a time zone. */
export const msTimestamp = (name: string) => timestamp(name, { withTimezone: true, mode: "date", precision: 3 });

/**
 * Fractional order keys (`fractional-indexing`) sort by bytes: the column's collation is "C", so
 * every comparison and index on it orders them byte-wise whatever the database's locale.
 */
export const orderKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });
