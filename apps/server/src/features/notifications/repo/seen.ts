import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { notificationStates, notifications } from "../../../db/schema/index.ts";

/**
 * Marks a person's unread notifications of a project (or one task of it) as seen and lowers
 * their unread count by as many, in one transaction; answers the count after.
 */
export async function markSeen(tx: Tx, input: { userId: string; projectId: string; taskId?: string | undefined }) {
  const marked = await tx
    .update(notifications)
    .set({ seenAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, input.userId),
        eq(notifications.projectId, input.projectId),
        input.taskId ? eq(notifications.taskId, input.taskId) : undefined,
        isNull(notifications.seenAt),
      ),
    )
    .returning({ id: notifications.id });
  const [state] = await tx
    .insert(notificationStates)
    .values({ userId: input.userId, unreadCount: 0 })
    .onConflictDoUpdate({
      target: notificationStates.userId,
      set: { unreadCount: sql`greatest(${notificationStates.unreadCount} - ${marked.length}, 0)` },
    })
    .returning({ count: notificationStates.unreadCount });
  return state?.count ?? 0;
}

/**
 * A deleted task's notifications go with it (issue 29): a message would lead nowhere. Each
 * recipient's unread count drops by their unread ones among them, in the deletion's transaction.
 */
export async function deleteTaskNotifications(tx: Tx, taskId: string): Promise<void> {
  const removed = await tx
    .delete(notifications)
    .where(eq(notifications.taskId, taskId))
    .returning({ userId: notifications.userId, seenAt: notifications.seenAt });
  const unreadBy = new Map<string, number>();
  for (const row of removed) if (row.seenAt === null) unreadBy.set(row.userId, (unreadBy.get(row.userId) ?? 0) + 1);
  // In user id order, as the notification writes lock these rows (repo/write.ts).
  for (const [userId, count] of [...unreadBy].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(notificationStates)
      .set({ unreadCount: sql`greatest(${notificationStates.unreadCount} - ${count}, 0)` })
      .where(eq(notificationStates.userId, userId));
  }
}
