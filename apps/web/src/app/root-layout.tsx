import { Suspense, useEffect } from "react";
import { reportPageView } from "../lib/page-view.ts";
import { formatDocumentTitle } from "../lib/product.ts";
import { Outlet, useKeepsScroll, useLocation, useNavigationType } from "../lib/router/index.ts";
import { useRouteHandles } from "../lib/routing.ts";
import { GlobalLoaderOverlay } from "../ui/global-loader.tsx";
import { ScreenSkeleton } from "../ui/screen-skeleton.tsx";
import { QueriesGate } from "./queries-gate.tsx";
import { RouteErrorBoundary } from "./route-error.tsx";

function useRouteTitle(): string | undefined {
  return useRouteHandles().at(-1)?.title;
}

/**
 * A new screen opens at the top; back and forward keep the browser's own scroll restoration, and a
 * link that keeps the scroll (a task panel opening over its board) keeps it.
 */
function useScrollToTopOnNavigation(pathname: string): void {
  const navigationType = useNavigationType();
  const keepsScroll = useKeepsScroll();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every new path on purpose.
  useEffect(() => {
    if (navigationType !== "POP" && !keepsScroll) window.scrollTo(0, 0);
  }, [pathname]);
}

/** Above every route: page title, page views and the global loader. */
export function RootLayout() {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  useScrollToTopOnNavigation(pathname);

  useEffect(() => {
    if (!title) return;
    document.title = formatDocumentTitle(title);
    reportPageView({ path: pathname, title });
  }, [pathname, title]);

  return (
    <QueriesGate>
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<ScreenSkeleton />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <GlobalLoaderOverlay />
    </QueriesGate>
  );
}
