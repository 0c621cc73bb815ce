import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { events, notifications, twoFactorSecrets, users } from "../../../db/schema/index.ts";

/**
 * What a reply address leads to: the notification it was made for, its recipient (a person not
 * removed) with the columns an actor is built from, and the thread: the event's type says which
 * kind; the notification's `commentId` (a design's thread) or the event's payload `commentId`
 * (a thread of the task's conversation) is its first comment. Undefined for an unknown one.
 */
export async function findReplyTarget(db: DbOrTx, notificationId: string) {
  const [row] = await db
    .select({
      notificationId: notifications.id,
      projectId: notifications.projectId,
      taskId: notifications.taskId,
      eventType: events.type,
      threadId: sql<string | null>`coalesce(${notifications.commentId}::text, ${events.payload}->>'commentId')`,
      userId: users.id,
      role: users.role,
      email: users.email,
      name: users.name,
      surname: users.surname,
      twoFactorOn: sql<boolean>`${twoFactorSecrets.enabledAt} is not null`,
    })
    .from(notifications)
    .innerJoin(events, eq(events.id, notifications.eventId))
    .innerJoin(users, and(eq(users.id, notifications.userId), isNull(users.deletedAt)))
    .leftJoin(twoFactorSecrets, eq(twoFactorSecrets.userId, notifications.userId))
    .where(eq(notifications.id, notificationId))
    .limit(1);
  return row;
}

export type ReplyTarget = NonNullable<Awaited<ReturnType<typeof findReplyTarget>>>;
