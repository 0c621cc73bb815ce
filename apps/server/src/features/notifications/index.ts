/** The notifications feature's public face: other features import only from here. */

export { presentNotificationItem } from "./presenter.ts";
export { markLeaving, markOnline } from "./repo/digest.ts";
export { type NotificationRow, notificationsOfEvents, type StreamedNotificationRow } from "./repo/read.ts";
export { deleteTaskNotifications } from "./repo/seen.ts";
export { LEAVING_GRACE_MS } from "./service/digest.ts";
