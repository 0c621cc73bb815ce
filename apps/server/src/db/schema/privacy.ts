import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./users.ts";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * A user's TOTP secret (RFC 6238), encrypted with the secrets key. `enabledAt` is null while the
 * user is still confirming their first code; `lastStep` is the last time step accepted, so a code
 * is never accepted twice.
 */
export const twoFactorSecrets = pgTable("two_factor_secrets", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  enabledAt: at("enabled_at"),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: at("created_at").notNull().defaultNow(),
});

/** One-time recovery codes, stored only as hashes. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: at("used_at"),
  },
  (t) => [uniqueIndex("recovery_codes_user_code_idx").on(t.userId, t.codeHash)],
);

/** The short-lived step between a right password and the second factor at sign-in. */
export const loginChallenges = pgTable(
  "login_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: at("expires_at").notNull(),
  },
  (t) => [uniqueIndex("login_challenges_token_idx").on(t.tokenHash), index("login_challenges_user_idx").on(t.userId)],
);

/** A designer's portfolio service account; the access token is encrypted with the secrets key. */
export const portfolioAccounts = pgTable("portfolio_accounts", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tokenEncrypted: text("token_encrypted").notNull(),
  connectedAt: at("connected_at").notNull().defaultNow(),
});

/**
 * A person's data export: built by a job with progress; the zip sits in storage under
 * `storageKey` and is downloaded through a signed link (export id + HMAC) until `expiresAt`.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "running", "ready", "failed"] })
      .notNull()
      .default("queued"),
    progress: integer("progress").notNull().default(0),
    storageKey: text("storage_key"),
    size: bigint("size", { mode: "number" }),
    createdAt: at("created_at").notNull().defaultNow(),
    finishedAt: at("finished_at"),
    expiresAt: at("expires_at"),
  },
  (t) => [index("data_exports_user_idx").on(t.userId, t.createdAt.desc())],
);
