import { unreadCountSchema } from "../schemas/messages-badge.ts";
import { endpoint } from "./endpoint.ts";

/**
 * The header badge's call, on its own so the first load of every screen carries only it, not the
 * feed's schemas (messagesContract.unreadCount is this same endpoint).
 */
export const unreadCountEndpoint = endpoint({
  method: "GET",
  path: "/v3/messages/unread-count",
  summary: "How many of the caller's messages are unread (the header badge)",
  tag: "messages",
  auth: true,
  response: unreadCountSchema,
});
