import { canOpenMessages, MESSAGES, unreadCountEndpoint } from "@atelier/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { messageKeys } from "./message-keys.ts";

/**
 * Unread messages for the header badge (hidden at zero): the server's maintained count, set live
 * by the realtime stream (each notification carries the count after it) and by "seen".
 */
export function useUnreadMessagesCount(): number {
  const { data: user } = useCurrentUser();
  const { data } = useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => api(unreadCountEndpoint, {}, { signal }),
    enabled: user !== undefined && canOpenMessages(user),
    staleTime: 60_000,
    meta: { errorMessage: MESSAGES.unableToGetMessages },
  });
  return data?.count ?? 0;
}
