import {
  canSeeFullSurname,
  type FeedMessage,
  type NotificationItem,
  type PlatformNotification,
  type ProjectActor,
  redactSurname,
  taskLink,
} from "@atelier/shared";
import type { PlatformNotificationRow } from "./repo/platform.ts";
import type { NotificationRow } from "./repo/read.ts";

type LinkedRow = Pick<NotificationRow, "kind" | "projectId" | "taskId" | "designUuid" | "versionUuid" | "commentId">;

/**
 * Where a message leads, in the feed, the stream and e-mails alike: the design, version or comment
 * it is about (the task panel with the viewer open there), the task, or the project; a payment
 * order, to the admins' Payments screen where it is confirmed.
 */
export function linkOf(row: LinkedRow): string {
  if (row.kind === "paymentOrder") return "/payments";
  if (!row.taskId) return `/project/${row.projectId}`;
  return taskLink(row.projectId, row.taskId, {
    design: row.designUuid,
    version: row.versionUuid,
    comment: row.commentId,
  });
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
