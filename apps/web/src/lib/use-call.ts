import { useState } from "react";
import { globalLoader } from "../ui/global-loader.tsx";

export interface Call<I> {
  mutate: (input: I, options?: { onError?: (error: unknown) => void }) => void;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * A call a form sends, with React Query's `useMutation` shape (mutate, isPending, error) but
 * without its cache: for the open auth screens, which draw and send without React Query
 * (app/queries-gate.tsx). Their calls need none of the cache's global handling: they are open
 * calls (a 401 is a wrong password, not a dead session) and their screens show every error.
 * `onSuccess` may return a promise: the call stays pending until it settles (the sign-in moving on).
 * With `globalLoader` the overlay of SPEC §2 covers the page while it runs, as a mutation's meta does.
 */
export function useCall<I, R>(
  run: (input: I) => Promise<R>,
  onSuccess: (result: R) => unknown,
  settings: { globalLoader?: boolean } = {},
): Call<I> {
  const [state, setState] = useState<{ isPending: boolean; isSuccess: boolean; error: unknown }>({
    isPending: false,
    isSuccess: false,
    error: null,
  });
  return {
    isPending: state.isPending,
    isSuccess: state.isSuccess,
    isError: state.error !== null,
    error: state.error,
    mutate: (input, options) => {
      setState({ isPending: true, isSuccess: false, error: null });
      if (settings.globalLoader) globalLoader.show();
      run(input)
        .then(async (result) => {
          await onSuccess(result);
          setState({ isPending: false, isSuccess: true, error: null });
        })
        .catch((error: unknown) => {
          setState({ isPending: false, isSuccess: false, error });
          options?.onError?.(error);
        })
        .finally(() => {
          if (settings.globalLoader) globalLoader.hide();
        });
    },
  };
}
