/**
 * The app's router: the part of React Router's declarative API the app uses (a route table with
 * nested layouts, links, redirects, the location, parameters and search parameters), in about
 * 2 KB instead of React Router's 11 KB (gzip) on every screen's first load
 * (docs/decisions/049-own-router.md).
 */
export { type Location, type NavigateOptions, type NavigationType, stripBasename } from "./history.ts";
export { Link, type LinkProps, Navigate, NavLink } from "./links.tsx";
export type { Params, RouteMatch, RouteObject } from "./match.ts";
export {
  BrowserRouter,
  matchRoutes,
  Outlet,
  renderMatches,
  useHref,
  useKeepsScroll,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useSearchParams,
} from "./router.tsx";
