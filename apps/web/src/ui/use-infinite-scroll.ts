import { useEffect, useRef } from "react";

/**
 * Calls `onReach` when the returned sentinel scrolls into view (with a margin, so the next page
 * loads before the user gets there). The screens keep a "Load more" button for keyboard users.
 */
export function useInfiniteScroll({ enabled, onReach }: { enabled: boolean; onReach: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onReachRef = useRef(onReach);
  onReachRef.current = onReach;

  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReachRef.current();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);

  return ref;
}
