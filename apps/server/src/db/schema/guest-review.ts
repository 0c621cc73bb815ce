import { boolean, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { projects } from "./projects.ts";
import { tasks } from "./tasks.ts";
import { users } from "./users.ts";

/**
 * A task's designs shared with guests by a link (issue 23, docs/decisions/059). The link's secret
 * is kept only as its SHA-256 (`linkHash`), found by a unique index; the optional password as
 * argon2id of the browser's pre-hash, as account passwords. Revoking sets `revokedAt`: the row
 * stays so the task still lists who used the link.
 */
export const guestShares = pgTable(
  "guest_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    linkHash: text("link_hash").notNull(),
    passwordHash: text("password_hash"),
    allowDecision: boolean("allow_decision").notNull().default(false),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    expiresAt: msTimestamp("expires_at"),
    revokedAt: msTimestamp("revoked_at"),
  },
  (t) => [
    uniqueIndex("guest_shares_link_idx").on(t.linkHash),
    index("guest_shares_task_idx").on(t.taskId, t.createdAt),
  ],
);

/**
 * A guest reviewer: a name and e-mail given once on one link. Not a user: no password, no session;
 * `tokenHash` is the SHA-256 of the token their device keeps (`Guest-Token`). Comments and review
 * rounds reference a guest by `id`.
 */
export const designGuests = pgTable(
  "design_guests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    shareId: uuid("share_id")
      .notNull()
      .references(() => guestShares.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    lastSeenAt: msTimestamp("last_seen_at").notNull().defaultNow(),
    /** set when they followed an e-mail's unsubscribe link: no more reply e-mails */
    unsubscribedAt: msTimestamp("unsubscribed_at"),
  },
  (t) => [uniqueIndex("design_guests_token_idx").on(t.tokenHash), index("design_guests_share_idx").on(t.shareId)],
);

/**
 * The unsubscribe links of the reply e-mails sent to guests: one random secret per e-mail, kept as
 * its SHA-256 (every e-mail's link keeps working, none can be guessed from another).
 */
export const guestMailStops = pgTable("guest_mail_stops", {
  tokenHash: text("token_hash").primaryKey(),
  guestId: uuid("guest_id")
    .notNull()
    .references(() => designGuests.id, { onDelete: "cascade" }),
  createdAt: msTimestamp("created_at").notNull().defaultNow(),
});
