import { MESSAGES, type Role, type SavedUser, type SaveUserInput, type User, usersContract } from "@atelier/shared";
import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { sessionKeys } from "../../lib/session.ts";
import { usersKeys } from "./users-keys.ts";

/**
 * GET /user/list, newest first, one page at a time ("load more" through nextCursor), narrowed to
 * name or e-mail words `q` by the server. The previous answer stays on screen while a new search loads.
 */
export function useUsers(role: Role | undefined, q = "") {
  return useInfiniteQuery({
    queryKey: usersKeys.list(role, q),
    queryFn: ({ pageParam, signal }) =>
      api(usersContract.list, { query: { role, q: q || undefined, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    meta: { errorMessage: "Unable to load users. Try again later!" },
  });
}

/** POST /user: creates (without id) or updates a user; refreshes every user list. */
export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserInput) => api(usersContract.save, { body: input }),
    onSuccess: (saved: SavedUser) => {
      const me = queryClient.getQueryData<User>(sessionKeys.me);
      if (me?.id === saved.id) queryClient.setQueryData(sessionKeys.me, saved);
      return queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
    // The user dialog shows the error inline (one message per error).
    meta: { handlesError: true, globalLoader: true },
  });
}

/** DELETE /user/{id}; refreshes every user list. */
export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(usersContract.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
    meta: { errorMessage: MESSAGES.unableToDeleteUser },
  });
}
