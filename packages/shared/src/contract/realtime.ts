import { idParams, pageOf } from "../schemas/common.ts";
import {
  channelStreamQuerySchema,
  channelTokenSchema,
  feedMessageSchema,
  feedQuerySchema,
  notificationsSeenQuerySchema,
  streamMessageSchema,
  unreadCountSchema,
} from "../schemas/realtime.ts";
import { endpoint } from "./endpoint.ts";

/**
 * The realtime feed (SPEC §7 Other, DESIGN §6). `init` answers a short-lived signed token for the
 * caller's own channel (the channel id is the user's id; another id is 403). The browser opens
 * `stream` with it: EventSource sends no headers, so the token travels in the query and the
 * stream is an open call checked by its token. A forged, expired or revoked token is 401 before
 * any byte of the stream; a token that expires while the stream is open ends it with a
 * `tokenExpired` message.
 */
export const realtimeContract = {
  init: endpoint({
    method: "GET",
    path: "/chat/channel/:id/init",
    summary: "A short-lived token for the caller's realtime stream",
    tag: "realtime",
    auth: true,
    params: idParams,
    response: channelTokenSchema,
  }),
  // Contract decision: SPEC names no path for the stream itself.
  stream: endpoint({
    method: "GET",
    path: "/chat/channel/:id/stream",
    summary: "Server-Sent Events: the caller's notifications and changes of the projects they see",
    tag: "realtime",
    auth: false,
    answer: "events",
    params: idParams,
    query: channelStreamQuerySchema,
    response: streamMessageSchema,
  }),
};

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
  unreadCount: endpoint({
    method: "GET",
    path: "/v3/messages/unread-count",
    summary: "How many of the caller's messages are unread (the header badge)",
    tag: "messages",
    auth: true,
    response: unreadCountSchema,
  }),
  seen: endpoint({
    method: "POST",
    path: "/v3/project/notificationsSeen",
    summary: "Marks the caller's notifications of a project (or of one of its tasks) as seen",
    tag: "messages",
    auth: true,
    query: notificationsSeenQuerySchema,
    response: unreadCountSchema,
  }),
};
