/** Query keys of the messages feature; the realtime connection refreshes them on a notification. */
export const messageKeys = {
  all: ["messages"] as const,
  feed: ["messages", "feed"] as const,
  unread: ["messages", "unread"] as const,
};
