import { lazy, Suspense, useRef, useSyncExternalStore } from "react";

let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** The global loader overlay of SPEC §2: a counter, so nested work keeps it up until all is done. */
export const globalLoader = {
  show(): void {
    pending += 1;
    emit();
  },
  hide(): void {
    pending = Math.max(0, pending - 1);
    emit();
  },
  /** Closes it whatever is pending (412 and 500 answers, SPEC §4). */
  reset(): void {
    pending = 0;
    emit();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  isVisible(): boolean {
    return pending > 0;
  },
};

// The overlay's code loads the first time it is needed, not with the first screen.
const LoaderOverlay = lazy(() => import("./global-loader-overlay.tsx"));

/** Shown while a mutation with `meta: { globalLoader: true }` runs (see app/query-client.ts). */
export function GlobalLoaderOverlay() {
  const visible = useSyncExternalStore(globalLoader.subscribe, globalLoader.isVisible, () => false);
  // Once shown it stays mounted, so hiding it plays the overlay's exit transition.
  const needed = useRef(false);
  needed.current ||= visible;
  if (!needed.current) return null;
  return (
    <Suspense fallback={null}>
      <LoaderOverlay visible={visible} />
    </Suspense>
  );
}
