import { lazy, type ReactNode, Suspense, useState } from "react";
import { useLocation } from "../lib/router/index.ts";
import { useToken } from "../lib/session.ts";
import { ScreenSkeleton } from "../ui/screen-skeleton.tsx";

const QueryProvider = lazy(() => import("./query-provider.tsx"));

/**
 * The open screens (log in, sign up, reset, invite, onboarding) draw and send their forms without
 * React Query (their calls are plain promises): their first load has room for React and Mantine,
 * not for a query cache (docs/decisions/047-open-screens-first-load.md).
 */
const WITHOUT_QUERIES = /^\/(auth\/(login|signup|reset|invite)|onboard)\/?$/;

/**
 * Puts the query client above the routes once a screen needs it: every signed-in screen, or a stored
 * session (an open screen then checks who it
 * belongs to).
 * Once there it stays, so later navigation never remounts the page.
 */
export function QueriesGate({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const token = useToken();
  const [needed, setNeeded] = useState(false);
  const neededNow = token !== null || !WITHOUT_QUERIES.test(pathname);
  if (neededNow && !needed) setNeeded(true);
  if (!needed && !neededNow) return children;
  return (
    <Suspense fallback={<ScreenSkeleton />}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}
