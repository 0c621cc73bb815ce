import { and, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { notificationStates, notifications, projects, users } from "../../../db/schema/index.ts";

const sender = alias(users, "sender");

/** A notification with what displaying it needs: sender, project, unread ones on its task. */
const columns = {
  id: notifications.id,
  userId: notifications.userId,
  projectId: notifications.projectId,
  eventId: notifications.eventId,
  kind: notifications.kind,
  taskId: notifications.taskId,
  taskTitle: notifications.taskTitle,
  fileName: notifications.fileName,
  designUuid: notifications.designUuid,
  versionUuid: notifications.versionUuid,
  commentId: notifications.commentId,
  text: notifications.text,
  createdAt: notifications.createdAt,
  seenAt: notifications.seenAt,
  senderName: sender.name,
  senderSurname: sender.surname,
  projectName: projects.name,
  createdKey: timestampKey(notifications.createdAt),
  // SPEC §3 commentCount: the person's unread notifications on the same task (contract decision).
  unreadOnTask: sql<number>`(select count(*)::int from notifications twin where twin.user_id = ${notifications.userId}
    and twin.task_id = ${notifications.taskId} and twin.seen_at is null)`,
};

function selectRows(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(columns)
    .from(notifications)
    .innerJoin(projects, eq(projects.id, notifications.projectId))
    .leftJoin(sender, eq(sender.id, notifications.actorId))
    .where(where);
}

export type NotificationRow = Awaited<ReturnType<typeof selectRows>>[number];

/** A notification as a stream sends it: with the recipient's maintained unread count after it. */
export type StreamedNotificationRow = NotificationRow & { unreadCount: number };

/**
 * The notifications written for these events (all recipients, or one person's), each with its
 * recipient's unread count, read in the same statement (the stream hub waits for this read).
 */
export async function notificationsOfEvents(
  db: DbOrTx,
  eventIds: readonly number[],
  userId?: string,
): Promise<StreamedNotificationRow[]> {
  if (eventIds.length === 0) return [];
  const byEvent = inArray(notifications.eventId, [...eventIds]);
  return db
    .select({
      ...columns,
      unreadCount: sql<number>`coalesce((select ${notificationStates.unreadCount} from ${notificationStates}
        where ${notificationStates.userId} = ${notifications.userId}), 0)`,
    })
    .from(notifications)
    .innerJoin(projects, eq(projects.id, notifications.projectId))
    .leftJoin(sender, eq(sender.id, notifications.actorId))
    .where(userId ? and(byEvent, eq(notifications.userId, userId)) : byEvent);
}

/** One page of a person's feed, newest first, after the (created, id) of the previous page's last. */
export async function feedPage(
  db: DbOrTx,
  userId: string,
  after: readonly [string, string] | null,
  limit: number,
): Promise<NotificationRow[]> {
  const keyset = after
    ? or(
        lt(notifications.createdAt, sql`${after[0]}::timestamptz`),
        and(eq(notifications.createdAt, sql`${after[0]}::timestamptz`), lt(notifications.id, after[1])),
      )
    : undefined;
  return selectRows(db, and(eq(notifications.userId, userId), keyset))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** The maintained unread counts of these people (0 for someone never notified). */
export async function unreadCounts(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notificationStates.userId, count: notificationStates.unreadCount })
    .from(notificationStates)
    .where(inArray(notificationStates.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, row.count]));
}
