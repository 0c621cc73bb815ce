import type { NotificationKind } from "@atelier/shared";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../../db/client.ts";
import { notificationStates, notifications, projectMembers, tasks, users } from "../../../db/schema/index.ts";

export interface NewNotification {
  eventId: number;
  projectId: string;
  actorId: string | null;
  kind: NotificationKind;
  taskId: string | null;
  taskTitle: string;
  fileName: string | null;
  text: string;
  createdAt: Date;
}

/** Active, not removed members of each project, by project id. */
export async function activeMembersOf(tx: Tx, projectIds: readonly string[]): Promise<Map<string, string[]>> {
  const rows = await tx
    .select({ projectId: projectMembers.projectId, userId: projectMembers.userId })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(inArray(projectMembers.projectId, [...projectIds]), eq(projectMembers.active, true), isNull(users.deletedAt)),
    );
  const byProject = new Map<string, string[]>();
  for (const row of rows) byProject.set(row.projectId, [...(byProject.get(row.projectId) ?? []), row.userId]);
  return byProject;
}

export async function taskTitles(tx: Tx, taskIds: readonly string[]): Promise<Map<string, string>> {
  if (taskIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: tasks.id, title: tasks.title })
    .from(tasks)
    .where(inArray(tasks.id, [...taskIds]));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/**
 * Writes one row per recipient and raises each recipient's unread count by as many, in the
 * change's transaction.
 */
export async function insertNotifications(
  tx: Tx,
  rows: ReadonlyArray<NewNotification & { userId: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(notifications).values([...rows]);
  const perUser = new Map<string, number>();
  for (const row of rows) perUser.set(row.userId, (perUser.get(row.userId) ?? 0) + 1);
  await tx
    .insert(notificationStates)
    .values([...perUser].map(([userId, unreadCount]) => ({ userId, unreadCount })))
    .onConflictDoUpdate({
      target: notificationStates.userId,
      set: { unreadCount: sql`${notificationStates.unreadCount} + excluded.unread_count` },
    });
}
