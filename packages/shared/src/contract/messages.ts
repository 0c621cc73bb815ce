import { pageOf } from "../schemas/common.ts";
import {
  feedMessageSchema,
  feedQuerySchema,
  notificationSettingsSchema,
  notificationsSeenQuerySchema,
} from "../schemas/messages.ts";
import { unreadCountSchema } from "../schemas/messages-badge.ts";
import { endpoint } from "./endpoint.ts";
import { unreadCountEndpoint } from "./messages-badge.ts";

/**
 * The staff Messages feed (SPEC §2, §3, §6: admin, projectManager and designer) and its unread
 * count (the header badge). Contract decisions: the feed is one keyset-paged list of the caller's
 * messages, newest first, each naming its project so the screen groups them; the count is kept
 * up to date with every notification and every "seen", not counted per request.
 */
export const messagesContract = {
  feed: endpoint({
    method: "GET",
    path: "/v3/messages",
    summary: "The caller's messages, newest first (admin, projectManager, designer)",
    tag: "messages",
    auth: true,
    query: feedQuerySchema,
    response: pageOf(feedMessageSchema),
  }),
  unreadCount: unreadCountEndpoint,
  seen: endpoint({
    method: "POST",
    path: "/v3/project/notificationsSeen",
    summary: "Marks the caller's notifications of a project (or of one of its tasks) as seen",
    tag: "messages",
    auth: true,
    query: notificationsSeenQuerySchema,
    response: unreadCountSchema,
  }),
  // Contract decision: SPEC names no settings call; the e-mail digest's switch (issue 9) is here.
  settings: endpoint({
    method: "GET",
    path: "/v3/notification-settings",
    summary: "The caller's notification settings (e-mail digest on or off)",
    tag: "messages",
    auth: true,
    response: notificationSettingsSchema,
  }),
  updateSettings: endpoint({
    method: "POST",
    path: "/v3/notification-settings",
    summary: "Turns the caller's e-mail digest of unread notifications on or off",
    tag: "messages",
    auth: true,
    body: notificationSettingsSchema,
    response: notificationSettingsSchema,
  }),
};
