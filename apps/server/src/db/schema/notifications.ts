import { NOTIFICATION_KINDS } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { events } from "./events.ts";
import { projects } from "./projects.ts";
import { users } from "./users.ts";

/**
 * One row per project member but the actor for each notifying event (DESIGN §3), written in the
 * change's transaction. The text is fixed when written (what happened does not change); the
 * sender's and the project's names are read at display time, so an erased person's name goes.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    taskId: uuid("task_id"),
    // The task's title when the notification was written (a renamed task's message keeps it);
    // a deleted task takes its messages along (tasks' deleteTask).
    taskTitle: text("task_title").notNull().default(""),
    fileName: text("file_name"),
    // Where in the task its link lands (issue 29): a design (a version's uuid), the version to
    // show, a comment. Plain ids, no keys: a removed design or comment leaves the link on the task.
    designUuid: uuid("design_uuid"),
    versionUuid: uuid("version_uuid"),
    commentId: uuid("comment_id"),
    text: text("text").notNull(),
    createdAt: msTimestamp("created_at").notNull().defaultNow(),
    seenAt: msTimestamp("seen_at"),
  },
  (t) => [
    // The feed: a person's messages newest first (keyset over created_at, id).
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc(), t.id.desc()),
    index("notifications_user_unread_idx").on(t.userId, t.projectId, t.taskId).where(sql`${t.seenAt} is null`),
    index("notifications_event_idx").on(t.eventId),
  ],
);

/**
 * Per person: the unread count the header badge shows, kept in step with every notification and
 * every "seen" in the same transaction (issue 9: maintained, not recounted), and the e-mail
 * digest's switch and bookkeeping (features/notifications/service/digest.ts).
 */
export const notificationStates = pgTable("notification_states", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  unreadCount: integer("unread_count").notNull().default(0),
  /** the person's switch in settings: unread notifications by e-mail while they are away */
  emailDigest: boolean("email_digest").notNull().default(true),
  /** a digest job is queued: later notifications join it instead of queueing another */
  digestPending: boolean("digest_pending").notNull().default(false),
  lastDigestAt: msTimestamp("last_digest_at"),
  /**
   * The token of the notification write that last set `digest_pending` (a random uuid per
   * statement): its RETURNING compares it with its own to learn that it queued the digest,
   * which the new row alone cannot tell (features/notifications/repo/write.ts).
   */
  digestClaim: uuid("digest_claim"),
  /** notifications created up to here were mailed or seen live: the next digest starts after */
  digestedThrough: msTimestamp("digested_through"),
  /** a stream of theirs is open (or was, until its token's end or a minute after it closed) */
  onlineUntil: msTimestamp("online_until"),
});
