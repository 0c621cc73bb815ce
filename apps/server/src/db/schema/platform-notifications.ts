import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { users } from "./users.ts";

/** Platform announcements written by admins; everyone sees each one until they dismiss it. */
export const platformNotifications = pgTable(
  "platform_notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    message: text("message").notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
  },
  (t) => [index("platform_notifications_created_idx").on(t.createdAt.desc(), t.id.desc())],
);

/** Who dismissed which announcement: one row per person and announcement (dismissing is idempotent). */
export const platformNotificationDismissals = pgTable(
  "platform_notification_dismissals",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => platformNotifications.id, { onDelete: "cascade" }),
    dismissedAt: msTimestamp("dismissed_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);
