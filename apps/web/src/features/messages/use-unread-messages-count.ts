/**
 * Unread messages for the header badge. The messages feed is not built yet, so this is always 0
 * (the badge stays hidden); the messages feature replaces the body with its real count.
 */
export function useUnreadMessagesCount(): number {
  return 0;
}
