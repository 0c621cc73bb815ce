import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { notificationStates, notifications, platformNotificationDismissals } from "../../../db/schema/index.ts";

/** What the person was told, and when they read it. */
export async function listNotificationsOf(db: DbOrTx, userId: string) {
  return db
    .select({
      projectId: notifications.projectId,
      taskId: notifications.taskId,
      text: notifications.text,
      createdAt: notifications.createdAt,
      seenAt: notifications.seenAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId));
}

/** The person's notifications, their unread count and the announcements they dismissed. */
export async function deleteNotificationsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(notifications).where(eq(notifications.userId, userId));
  await tx.delete(notificationStates).where(eq(notificationStates.userId, userId));
  await tx.delete(platformNotificationDismissals).where(eq(platformNotificationDismissals.userId, userId));
}
