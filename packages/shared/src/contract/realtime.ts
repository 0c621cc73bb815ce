import { idParams } from "../schemas/common.ts";
import { channelStreamQuerySchema, channelTokenSchema, streamMessageSchema } from "../schemas/realtime.ts";
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
    sessionOnly: true,
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
