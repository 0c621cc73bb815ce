import type { PersonalDataSource } from "../../core/personal-data.ts";
import { deleteNotificationsOf, listNotificationsOf } from "./repo/personal-data.ts";

/**
 * A person's notifications are about them (what they were told and when they read it): exported,
 * and deleted on removal with their unread count. Notifications they caused
 * for others stay, naming them as the users table then does ("Deleted user").
 */
export const notificationsPersonalData: PersonalDataSource = {
  name: "notifications",
  async export(db, subject) {
    const rows = await listNotificationsOf(db, subject.id);
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
    // Which announcements they dismissed says little, but it is theirs: it goes too.
    await deleteNotificationsOf(tx, subject.id);
    return {};
  },
};
