import { eq } from "drizzle-orm";
import type { PersonalDataSource } from "../../core/personal-data.ts";
import { notificationStates, notifications, platformNotificationDismissals } from "../../db/schema/index.ts";

/**
 * A person's notifications are about them (what they were told and when they read it): exported,
 * and deleted on removal with their unread count. Notifications they caused
 * for others stay, naming them as the users table then does ("Deleted user").
 */
export const notificationsPersonalData: PersonalDataSource = {
  name: "notifications",
  async export(db, subject) {
    const rows = await db
      .select({
        projectId: notifications.projectId,
        taskId: notifications.taskId,
        text: notifications.text,
        createdAt: notifications.createdAt,
        seenAt: notifications.seenAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, subject.id));
    return {
      records: {
        notifications: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          seenAt: row.seenAt?.toISOString() ?? null,
        })),
      },
    };
  },
  async erase(tx, subject) {
    await tx.delete(notifications).where(eq(notifications.userId, subject.id));
    await tx.delete(notificationStates).where(eq(notificationStates.userId, subject.id));
    // Which announcements they dismissed says little, but it is theirs.
    await tx.delete(platformNotificationDismissals).where(eq(platformNotificationDismissals.userId, subject.id));
    return {};
  },
};
