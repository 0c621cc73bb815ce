import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api-error.ts";
import { GENERIC_ERROR, showApiError } from "../ui/show-api-error.ts";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** The call's fallback text of SPEC §8 for the error toast. */
      errorMessage?: string;
      /** The screen shows this error itself (no toast). A 401 still logs out. */
      handlesError?: boolean;
    };
    mutationMeta: {
      errorMessage?: string;
      handlesError?: boolean;
    };
  }
}

function handle(error: unknown, meta: { errorMessage?: string; handlesError?: boolean } | undefined): void {
  if (meta?.handlesError) {
    if (isApiError(error) && error.status === 401 && error.isAuthenticatedCall) showApiError(error);
    return;
  }
  showApiError(error, meta?.errorMessage ?? GENERIC_ERROR);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status > 0 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}
