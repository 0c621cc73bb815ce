/** SPEC §3 `commentType` values; see NOTIFICATION_RULES in notifications.ts (kept apart: the badge loads first). */
export const NOTIFICATION_KINDS = [
  "addComment",
  "addFile",
  "taskCreated",
  "statusChanged",
  "designerAssigned",
  "deadlineChanged",
  "paymentOrder",
  "reviewRound",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
