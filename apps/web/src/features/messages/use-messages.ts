import { MESSAGES, messagesContract } from "@atelier/shared";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { messageKeys } from "./message-keys.ts";

/** GET /v3/messages: the caller's messages, newest first, a page at a time. */
export function useMessagesFeed() {
  return useInfiniteQuery({
    queryKey: messageKeys.feed,
    queryFn: ({ pageParam, signal }) => api(messagesContract.feed, { query: { cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    meta: { errorMessage: MESSAGES.unableToGetMessages },
  });
}

/** POST /v3/project/notificationsSeen: a message's task (or a whole project) becomes seen. */
export function useMarkSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: string; taskId?: string | undefined }) =>
      api(messagesContract.seen, { query: { id: input.projectId, taskId: input.taskId } }),
    onSuccess: ({ count }) => {
      queryClient.setQueryData(messageKeys.unread, { count });
      void queryClient.invalidateQueries({ queryKey: messageKeys.feed });
    },
    meta: { errorMessage: MESSAGES.unableToGetMessages },
  });
}
