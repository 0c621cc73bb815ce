/** The notifications feature's public face: other features import only from here. */

export { notificationsPersonalData } from "./personal-data.ts";
export { presentNotificationItem } from "./presenter.ts";
export { type NotificationRow, notificationsOfEvents, unreadCounts } from "./repo/read.ts";
