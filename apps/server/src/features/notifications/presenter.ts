import {
  canSeeFullSurname,
  type FeedMessage,
  type NotificationItem,
  type PlatformNotification,
  type ProjectActor,
  redactSurname,
} from "@atelier/shared";
import type { PlatformNotificationRow } from "./repo/platform.ts";
import type { NotificationRow } from "./repo/read.ts";

/** Where a message leads: the task panel, or the project when it is about no task. */
export function linkOf(row: Pick<NotificationRow, "projectId" | "taskId">): string {
  return row.taskId ? `/project/${row.projectId}/task/${row.taskId}` : `/project/${row.projectId}`;
}

/** The sender as the viewer may see them: surname in full only to admin (SPEC §6 team list). */
export function senderNameOf(viewer: ProjectActor, row: Pick<NotificationRow, "senderName" | "senderSurname">): string {
  if (row.senderName === null) return "Someone";
  const surname = row.senderSurname ?? "";
  const shown = canSeeFullSurname(viewer) ? surname : redactSurname(surname);
  return shown ? `${row.senderName} ${shown}` : row.senderName;
}

/** SPEC §3 Notification item (derived), exactly its fields. */
export function presentNotificationItem(viewer: ProjectActor, row: NotificationRow): NotificationItem {
  return {
    taskName: row.taskTitle,
    taskId: row.taskId,
    commentTime: row.createdAt.getTime(),
    userFullName: senderNameOf(viewer, row),
    commentType: row.kind,
    link: linkOf(row),
    notificationsSeen: row.seenAt !== null,
    fileName: row.fileName,
    commentCount: row.unreadOnTask,
  };
}

/** SPEC §3 Message feed message, with its project for grouping. */
export function presentFeedMessage(viewer: ProjectActor, row: NotificationRow): FeedMessage {
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: row.projectName,
    senderName: senderNameOf(viewer, row),
    text: row.text,
    timestamp: row.createdAt.getTime(),
    link: linkOf(row),
    type: row.kind,
    taskId: row.taskId,
    taskName: row.taskTitle,
    seen: row.seenAt !== null,
  };
}

/** A platform announcement as its banner shows it. */
export function presentPlatformNotification(row: PlatformNotificationRow): PlatformNotification {
  return { id: row.id, message: row.message, createdAt: row.createdAt.getTime() };
}
