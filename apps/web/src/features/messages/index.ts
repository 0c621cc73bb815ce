export { messageKeys } from "./message-keys.ts";
export { messagesRoutes } from "./routes.ts";
export { useUnreadMessagesCount } from "./use-unread-messages-count.ts";
