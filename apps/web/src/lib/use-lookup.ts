import { useEffect, useState } from "react";

export type Lookup<R> =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: undefined; error: unknown }
  | { isPending: false; isError: false; data: R; error: null };

const PENDING = { isPending: true, isError: false, data: undefined, error: null } as const;

/**
 * One read an open screen needs before it draws its form (is this link still good?), with React
 * Query's `useQuery` shape (isPending, isError, data) but without its cache: the open auth screens
 * draw without React Query (app/queries-gate.tsx). Read again when `key` changes; a read that is
 * no longer wanted is aborted. While `enabled` is false it stays pending, as `useQuery` does.
 */
export function useLookup<R>(key: string, load: (signal: AbortSignal) => Promise<R>, enabled = true): Lookup<R> {
  const [state, setState] = useState<{ key: string; lookup: Lookup<R> }>({ key, lookup: PENDING });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function every render; the key names what it reads.
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setState({ key, lookup: { isPending: false, isError: false, data, error: null } }),
      (error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ key, lookup: { isPending: false, isError: true, data: undefined, error } });
        }
      },
    );
    return () => controller.abort();
  }, [key, enabled]);
  // Until the read of a new key settles, the answer for the old one is not this key's.
  return state.key === key ? state.lookup : PENDING;
}
