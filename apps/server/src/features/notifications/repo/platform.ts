import { and, desc, eq, notExists } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { platformNotificationDismissals, platformNotifications } from "../../../db/schema/index.ts";

export type PlatformNotificationRow = typeof platformNotifications.$inferSelect;

export async function insertPlatformNotification(
  db: DbOrTx,
  input: { message: string; createdBy: string },
): Promise<PlatformNotificationRow> {
  const [row] = await db.insert(platformNotifications).values(input).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Announcements `userId` has not dismissed, newest first (few: an admin writes them by hand). */
export async function undismissedFor(db: DbOrTx, userId: string): Promise<PlatformNotificationRow[]> {
  return db
    .select()
    .from(platformNotifications)
    .where(
      notExists(
        db
          .select({ one: platformNotificationDismissals.userId })
          .from(platformNotificationDismissals)
          .where(
            and(
              eq(platformNotificationDismissals.notificationId, platformNotifications.id),
              eq(platformNotificationDismissals.userId, userId),
            ),
          ),
      ),
    )
    .orderBy(desc(platformNotifications.createdAt), desc(platformNotifications.id));
}

/** Every current announcement, newest first (the admin's list). */
export async function allPlatformNotifications(db: DbOrTx): Promise<PlatformNotificationRow[]> {
  return db
    .select()
    .from(platformNotifications)
    .orderBy(desc(platformNotifications.createdAt), desc(platformNotifications.id));
}

/** Removes an announcement and, by cascade, its dismissals; answers whether it existed. */
export async function deletePlatformNotification(db: DbOrTx, id: string): Promise<boolean> {
  const deleted = await db
    .delete(platformNotifications)
    .where(eq(platformNotifications.id, id))
    .returning({ id: platformNotifications.id });
  return deleted.length > 0;
}

export async function platformNotificationExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformNotifications.id })
    .from(platformNotifications)
    .where(eq(platformNotifications.id, id));
  return row !== undefined;
}

/** Idempotent: dismissing twice keeps the first time. */
export async function insertDismissal(db: DbOrTx, userId: string, notificationId: string): Promise<void> {
  await db.insert(platformNotificationDismissals).values({ userId, notificationId }).onConflictDoNothing();
}
