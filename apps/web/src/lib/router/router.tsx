import {
  createContext,
  createElement,
  type ReactNode,
  startTransition,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";
import {
  type AppHistory,
  createAppHistory,
  type Location,
  type NavigateOptions,
  type NavigationType,
} from "./history.ts";
import { matchRoutes, type Params, type RouteMatch, type RouteObject } from "./match.ts";

interface RouterState {
  history: AppHistory;
  location: Location;
  navigationType: NavigationType;
  keepScroll: boolean;
}

const RouterContext = createContext<RouterState | null>(null);

/** What the route being drawn gives below it: its child's element and the path's parameters. */
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error("Router hooks need the app's <BrowserRouter> above them.");
  return router;
}

/**
 * The app's router over the browser's history under `basename`. A navigation re-renders in a
 * transition (as React Router does), so the current screen stays until the next one's code is in.
 */
export function BrowserRouter({ basename, children }: { basename: string; children: ReactNode }) {
  const [history] = useState(() => createAppHistory(basename));
  const [state, setState] = useState(() => snapshot(history));
  useLayoutEffect(() => history.listen(() => startTransition(() => setState(snapshot(history)))), [history]);
  return <RouterContext value={state}>{children}</RouterContext>;
}

function snapshot(history: AppHistory): RouterState {
  return { history, location: history.location, navigationType: history.action, keepScroll: history.keepScroll };
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

/** Whether the navigation to the current location asked to keep the scroll position. */
export function useKeepsScroll(): boolean {
  return useRouter().keepScroll;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

export function useNavigate(): Navigate {
  const { history } = useRouter();
  return history.navigate;
}

/** The address of an app path in the browser, for `href`. */
export function useHref(to: string): string {
  const { history, location } = useRouter();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a relative path resolves against the location.
  return useMemo(() => history.href(to), [history, to, location.pathname]);
}

export function useParams(): Params {
  return useContext(RouteContext).params;
}

/** The current search as URLSearchParams, and a setter that navigates to new ones. */
export function useSearchParams(): [URLSearchParams, (next: URLSearchParams, options?: NavigateOptions) => void] {
  const { history, location } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = (next: URLSearchParams, options?: NavigateOptions) => {
    const search = next.toString();
    history.navigate(`${history.location.pathname}${search ? `?${search}` : ""}`, options);
  };
  return [params, set];
}

/** The element of the matched child route, inside a layout route. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

function elementOf(route: RouteObject): ReactNode {
  if (route.element !== undefined) return route.element;
  return route.Component ? createElement(route.Component) : <Outlet />;
}

/** Draws the matches from `depth` in: each route's element, with the next one as its outlet. */
export function renderMatches(matches: RouteMatch[] | null, depth = 0): ReactNode {
  const match = matches?.[depth];
  if (!match) return null;
  const value = { outlet: renderMatches(matches, depth + 1), params: match.params };
  return <RouteContext value={value}>{elementOf(match.route)}</RouteContext>;
}

export { matchRoutes };
