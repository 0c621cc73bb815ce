import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit and failed-attempt counts shared by every instance (DESIGN §2; decision 028): one
 * row per counted thing and fixed window, keyed by a hash of what is counted (an address, an
 * account), so no address or e-mail is stored. A row whose window has ended counts as absent and
 * is deleted by the next sweep.
 */
export const rateLimitCounts = pgTable(
  "rate_limit_counts",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true, mode: "date" }).notNull(),
  },
  (t) => [index("rate_limit_counts_resets_at_idx").on(t.resetsAt)],
);
