import { PAGE_SIZE_MAX, type Role, usersContract } from "@atelier/shared";
import { useQueries } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { usersKeys } from "../users/index.ts";

/**
 * Accounts with these platform roles (GET /user/list, first page of each), for the invite form's
 * picker of staff roles: such invites need an existing account. Lives under the users keys, so
 * adding or removing a user refreshes it.
 */
export function useAccountsWithRoles(roles: readonly Role[]) {
  return useQueries({
    queries: roles.map((role) => ({
      queryKey: [...usersKeys.all, "picker", role] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(usersContract.list, { query: { role, limit: PAGE_SIZE_MAX } }, { signal }),
      staleTime: 60_000,
      meta: { errorMessage: "Unable to load users. Try again later!" },
    })),
    combine: (results) => ({
      accounts: results.flatMap((result) => result.data?.items ?? []),
      isPending: results.some((result) => result.isPending),
    }),
  });
}
