import { Suspense, useEffect } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatches } from "react-router";
import { reportPageView } from "../lib/page-view.ts";
import { formatDocumentTitle } from "../lib/product.ts";
import { isRouteHandle } from "../lib/routing.ts";
import { GlobalLoaderOverlay } from "../ui/global-loader.tsx";
import { ModalHost } from "../ui/modal-host.tsx";
import { ScreenSkeleton } from "../ui/screen-skeleton.tsx";

function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return undefined;
}

/** Above every route: page title, page views, the dialog host (around the page) and the global loader. */
export function RootLayout() {
  const title = useRouteTitle();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!title) return;
    document.title = formatDocumentTitle(title);
    reportPageView({ path: pathname, title });
  }, [pathname, title]);

  return (
    <>
      <ModalHost>
        <Suspense fallback={<ScreenSkeleton />}>
          <Outlet />
        </Suspense>
      </ModalHost>
      <GlobalLoaderOverlay />
      <ScrollRestoration />
    </>
  );
}
