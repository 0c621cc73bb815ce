import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { events, notificationStates, notifications, projects, users } from "../../../db/schema/index.ts";

/** The person's digest state, locked for the job's transaction (one digest job at a time). */
export async function lockDigestState(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      email: users.email,
      emailDigest: notificationStates.emailDigest,
      lastDigestAt: notificationStates.lastDigestAt,
      digestedThrough: notificationStates.digestedThrough,
      onlineUntil: notificationStates.onlineUntil,
    })
    .from(notificationStates)
    .innerJoin(users, eq(users.id, notificationStates.userId))
    .where(and(eq(notificationStates.userId, userId), isNull(users.deletedAt)))
    .for("update", { of: notificationStates });
  return row ?? null;
}

export async function updateDigestState(
  tx: Tx,
  userId: string,
  set: Partial<Pick<typeof notificationStates.$inferInsert, "digestPending" | "lastDigestAt" | "digestedThrough">>,
): Promise<void> {
  await tx.update(notificationStates).set(set).where(eq(notificationStates.userId, userId));
}

/**
 * Unread notifications created after `after` (all when null), oldest first, with their project's
 * name, and their event's type and the thread a comment's reply would join (reply addresses).
 */
export async function unreadSince(db: DbOrTx, userId: string, after: Date | null, limit: number) {
  return db
    .select({
      id: notifications.id,
      eventType: events.type,
      threadId: sql<string | null>`coalesce(${notifications.commentId}::text, ${events.payload}->>'commentId')`,
      kind: notifications.kind,
      projectId: notifications.projectId,
      projectName: projects.name,
      taskId: notifications.taskId,
      taskTitle: notifications.taskTitle,
      designUuid: notifications.designUuid,
      versionUuid: notifications.versionUuid,
      commentId: notifications.commentId,
      text: notifications.text,
      senderName: users.name,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .innerJoin(projects, eq(projects.id, notifications.projectId))
    .innerJoin(events, eq(events.id, notifications.eventId))
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.seenAt),
        after ? gt(notifications.createdAt, after) : sql`true`,
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(limit);
}

/** A stream of the person opened: online at least until its token runs out. */
export async function markOnline(db: DbOrTx, userId: string, until: Date): Promise<void> {
  await db
    .insert(notificationStates)
    .values({ userId, onlineUntil: until })
    .onConflictDoUpdate({
      target: notificationStates.userId,
      set: {
        onlineUntil: sql`greatest(coalesce(${notificationStates.onlineUntil}, excluded.online_until), excluded.online_until)`,
      },
    });
}

/** Their last stream here closed: online a moment longer (a reconnect), never longer than before. */
export async function markLeaving(db: DbOrTx, userId: string, until: Date): Promise<void> {
  await db
    .update(notificationStates)
    .set({ onlineUntil: sql`least(${notificationStates.onlineUntil}, ${until.toISOString()}::timestamptz)` })
    .where(eq(notificationStates.userId, userId));
}

export async function digestSetting(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ emailDigest: notificationStates.emailDigest })
    .from(notificationStates)
    .where(eq(notificationStates.userId, userId));
  return row?.emailDigest ?? true;
}

export async function setDigestSetting(db: DbOrTx, userId: string, emailDigest: boolean): Promise<void> {
  await db
    .insert(notificationStates)
    .values({ userId, emailDigest })
    .onConflictDoUpdate({ target: notificationStates.userId, set: { emailDigest } });
}
