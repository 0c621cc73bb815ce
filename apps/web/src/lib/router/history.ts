/** Where the app is: the path under the basename, with the search, hash and the entry's state. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** unique per history entry */
  key: string;
}

/** How the current location was reached: back/forward or a first load ("POP"), or by the app. */
export type NavigationType = "POP" | "PUSH" | "REPLACE";

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** keep the scroll position (a panel opening over the same screen) */
  preventScrollReset?: boolean;
}

/** What the app writes into each history entry it makes. */
interface EntryState {
  usr: unknown;
  key: string;
  keepScroll?: boolean;
}

export interface AppHistory {
  readonly location: Location;
  readonly action: NavigationType;
  /** whether the navigation that made the current location asked to keep the scroll position */
  readonly keepScroll: boolean;
  listen(listener: () => void): () => void;
  navigate(to: string, options?: NavigateOptions): void;
  /** the address of `to` in the browser (with the basename) */
  href(to: string): string;
}

const entryStateOf = (value: unknown): EntryState | null =>
  typeof value === "object" && value !== null && "key" in value ? (value as EntryState) : null;

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The path under `basename` ("/app/projects" → "/projects"), or null when it lies outside. */
export function stripBasename(pathname: string, basename: string): string | null {
  if (basename === "/" || basename === "") return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) return null;
  const rest = pathname.slice(basename.length);
  if (rest !== "" && !rest.startsWith("/")) return null;
  return rest || "/";
}

/**
 * `to` as an absolute path: "/x" as is, "?q=1" on the current path, anything else under the
 * current path (the app writes absolute paths; this keeps a relative one from leaving the app).
 */
export function resolvePath(to: string, from: string): string {
  if (to.startsWith("/")) return to;
  if (to.startsWith("?") || to.startsWith("#")) return `${from}${to}`;
  return `${from.replace(/\/+$/, "")}/${to}`;
}

/** The browser's history under `basename`, in the shape the router's hooks read. */
export function createAppHistory(basename: string, win: Window = window): AppHistory {
  const listeners = new Set<() => void>();
  let action: NavigationType = "POP";
  let location = read();
  let keepScroll = false;

  function read(): Location {
    const { pathname, search, hash } = win.location;
    const entry = entryStateOf(win.history.state);
    return {
      pathname: stripBasename(pathname, basename) ?? pathname,
      search,
      hash,
      state: entry?.usr ?? null,
      key: entry?.key ?? "default",
    };
  }

  function changed(next: NavigationType, keep: boolean) {
    action = next;
    keepScroll = keep;
    location = read();
    for (const listener of listeners) listener();
  }

  win.addEventListener("popstate", () => changed("POP", false));

  const href = (to: string) => {
    const path = resolvePath(to, location.pathname);
    return basename === "/" ? path : `${basename}${path === "/" ? "" : path}`;
  };

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    get keepScroll() {
      return keepScroll;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate(to, options = {}) {
      const url = href(to);
      const current = `${win.location.pathname}${win.location.search}${win.location.hash}`;
      // Going where one already is replaces the entry, so Back does not stop twice on one screen.
      const replace = options.replace ?? url === current;
      const state: EntryState = { usr: options.state ?? null, key: newKey(), keepScroll: options.preventScrollReset };
      if (replace) win.history.replaceState(state, "", url);
      else win.history.pushState(state, "", url);
      changed(replace ? "REPLACE" : "PUSH", options.preventScrollReset ?? false);
    },
    href,
  };
}
