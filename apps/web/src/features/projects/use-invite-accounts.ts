import { type Role, usersContract } from "@atelier/shared";
import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { api } from "../../lib/api-client.ts";
import { usersKeys } from "../users/index.ts";

/** How many accounts of each role the picker offers for what is typed: enough to pick from, few to scan. */
const PICKER_SIZE = 10;

/**
 * Accounts with these platform roles whose name or e-mail holds the words `q` (GET /user/list?q,
 * the server searches all of them), for the invite form's picker of staff roles: such invites need
 * an existing account. Lives under the users keys, so adding or removing a user refreshes it.
 */
export function useAccountsWithRoles(roles: readonly Role[], q: string) {
  return useQueries({
    queries: roles.map((role) => ({
      queryKey: [...usersKeys.all, "picker", role, q] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        api(usersContract.list, { query: { role, q: q || undefined, limit: PICKER_SIZE } }, { signal }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
      meta: { errorMessage: "Unable to load users. Try again later!" },
    })),
    combine: (results) => ({
      accounts: results.flatMap((result) => result.data?.items ?? []),
      isFetching: results.some((result) => result.isFetching),
    }),
  });
}
