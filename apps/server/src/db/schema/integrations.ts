import { API_TOKEN_SCOPES, CALENDAR_FEED_KINDS } from "@atelier/shared";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Personal API tokens: only the SHA-256 of the token is kept, looked up by its unique index (no
 * comparison of secrets in our code). A revoked token's row is deleted; an expired one stays
 * listed as expired until its owner or an admin removes it.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: API_TOKEN_SCOPES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    expiresAt: at("expires_at").notNull(),
    // Written at most every few minutes, as a session's "last seen".
    lastUsedAt: at("last_used_at"),
  },
  (t) => [
    uniqueIndex("api_tokens_token_idx").on(t.tokenHash),
    index("api_tokens_user_idx").on(t.userId, t.createdAt.desc()),
    index("api_tokens_created_idx").on(t.createdAt.desc(), t.id.desc()),
  ],
);

/** A person's secret calendar address per kind; only its hash is kept, as for tokens. */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: CALENDAR_FEED_KINDS }).notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: at("created_at").notNull().defaultNow(),
    lastUsedAt: at("last_used_at"),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_idx").on(t.tokenHash),
    uniqueIndex("calendar_feeds_user_kind_idx").on(t.userId, t.kind),
  ],
);
