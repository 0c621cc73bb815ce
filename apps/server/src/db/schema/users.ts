import { ROLES, TASK_SORT_TYPES } from "@atelier/shared";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * What the account search (`q` of /user/list, the pickers) matches words in: "name surname email".
 * The trigram index below is built on this exact expression, and the query must repeat it verbatim
 * for PostgreSQL to use the index, so both take it from here.
 */
export function userSearchText(t: { name: AnyPgColumn; surname: AnyPgColumn; email: AnyPgColumn }) {
  return sql`(${t.name} || ' ' || ${t.surname} || ' ' || ${t.email})`;
}

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    surname: text("surname").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    passwordHash: text("password_hash").notNull(),
    avatarKey: text("avatar_key"),
    hourRateCents: integer("hour_rate_cents").notNull().default(0),
    dailyAvailability: doublePrecision("daily_availability"),
    taskSortType: text("task_sort_type", { enum: TASK_SORT_TYPES }).notNull().default("created"),
    debtCents: integer("debt_cents").notNull().default(0),
    // A designer's open tasks (not approved, not archived) and the sum of their estimates, kept by
    // triggers on tasks (0013) in the task write's own transaction: the designer overview reads
    // them on every page, far more often than a task's designer, status or estimate changes.
    openTasks: integer("open_tasks").notNull().default(0),
    openEstimatedHours: integer("open_estimated_hours").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    // Removed users keep their rows (their comments and work stay attributed) but free the e-mail.
    uniqueIndex("users_email_active_idx").on(t.email).where(sql`${t.deletedAt} is null`),
    index("users_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("users_role_created_idx").on(t.role, t.createdAt.desc(), t.id.desc()),
    // Account search: ILIKE '%word%' per word over 20,000+ accounts, answered from trigrams
    // (pg_trgm, created by migration 0007) instead of reading every row.
    index("users_search_trgm_idx").using("gin", sql`${userSearchText(t)} gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    // What the signed-in devices list shows (browser, place, last seen); written at sign-in and
    // at most every few minutes after, never on every call.
    userAgent: text("user_agent"),
    ip: text("ip"),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("sessions_token_idx").on(t.tokenHash), index("sessions_user_idx").on(t.userId)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("password_resets_token_idx").on(t.tokenHash)],
);

/**
 * A requested change of a user's sign-in e-mail, waiting for the link sent to the new address.
 * Until it is confirmed the old e-mail stays and signs in; only the token's hash is kept.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    tokenHash: text("token_hash").notNull(),
    requestedById: uuid("requested_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [uniqueIndex("email_changes_token_idx").on(t.tokenHash), index("email_changes_user_idx").on(t.userId)],
);

/** One-time keys printed at first start to create the first admin. */
export const setupKeys = pgTable("setup_keys", {
  keyHash: text("key_hash").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  usedAt: timestamp("used_at", { withTimezone: true, mode: "date" }),
});
