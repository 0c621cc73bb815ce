import { MutationCache, QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "../lib/api-error.ts";
import { globalLoader } from "../ui/global-loader.tsx";
import { GENERIC_ERROR, isSecondFactorRequired, showApiError } from "../ui/show-api-error.ts";

declare module "@tanstack/react-query" {
  interface Register {
    queryMeta: {
      /** The call's fallback text of SPEC §8 for the error toast. */
      errorMessage?: string;
      /**
       * The screen shows this error itself (no toast). A 401 still logs out, and staff held at
       * two-factor enrolment still go to settings.
       */
      handlesError?: boolean;
      /**
       * A lookup of an open screen that does not depend on who is signed in (setup, invite and
       * reset links): kept when a new session starts (see `startSession`).
       */
      keepAcrossSessions?: boolean;
    };
    mutationMeta: {
      errorMessage?: string;
      handlesError?: boolean;
      /** A long or blocking call: the global loader overlay of SPEC §2 covers the app while it runs. */
      globalLoader?: boolean;
    };
  }
}

function handle(error: unknown, meta: { errorMessage?: string; handlesError?: boolean } | undefined): void {
  if (meta?.handlesError) {
    const leavesScreen = isApiError(error) && error.status === 401 && error.isAuthenticatedCall;
    if (leavesScreen || isSecondFactorRequired(error)) showApiError(error);
    return;
  }
  showApiError(error, meta?.errorMessage ?? GENERIC_ERROR);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => handle(error, query.meta) }),
    mutationCache: new MutationCache({
      onMutate: (_variables, mutation) => {
        if (mutation.meta?.globalLoader) globalLoader.show();
      },
      onError: (error, _variables, _context, mutation) => handle(error, mutation.meta),
      onSettled: (_data, _error, _variables, _context, mutation) => {
        if (mutation.meta?.globalLoader) globalLoader.hide();
      },
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
