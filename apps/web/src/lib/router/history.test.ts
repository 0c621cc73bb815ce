import { describe, expect, it } from "vitest";
import { createAppHistory } from "./history.ts";

/** The part of a browser window the history reads and writes, with Back as the browser does it. */
function fakeWindow(start: string) {
  const entries: Array<{ url: URL; state: unknown }> = [{ url: new URL(start, "https://atelier.test"), state: null }];
  let index = 0;
  let onPop: (() => void) | undefined;
  const win = {
    get location() {
      const { pathname, search, hash } = entries[index]?.url ?? new URL("https://atelier.test/");
      return { pathname, search, hash };
    },
    history: {
      get state() {
        return entries[index]?.state ?? null;
      },
      pushState(state: unknown, _title: string, url: string) {
        entries.splice(index + 1);
        entries.push({ url: new URL(url, "https://atelier.test"), state });
        index += 1;
      },
      replaceState(state: unknown, _title: string, url: string) {
        entries[index] = { url: new URL(url, "https://atelier.test"), state };
      },
    },
    addEventListener(type: string, listener: () => void) {
      if (type === "popstate") onPop = listener;
    },
  };
  const back = () => {
    index -= 1;
    onPop?.();
  };
  return { win: win as unknown as Window, entries, back };
}

describe("the app's history", () => {
  it("pushes app paths under the basename and tells its listeners how they were reached", () => {
    const { win, entries, back } = fakeWindow("/app/projects");
    const history = createAppHistory("/app", win);
    const seen: string[] = [];
    history.listen(() => seen.push(`${history.action} ${history.location.pathname}${history.location.search}`));
    expect(history.location.pathname).toBe("/projects");
    expect(history.action).toBe("POP");

    history.navigate("/tasks?q=blue", { state: { from: "menu" } });
    expect(entries.map((entry) => entry.url.pathname + entry.url.search)).toEqual([
      "/app/projects",
      "/app/tasks?q=blue",
    ]);
    expect(history.location.state).toEqual({ from: "menu" });

    history.navigate("?q=red", { replace: true });
    back();
    expect(seen).toEqual(["PUSH /tasks?q=blue", "REPLACE /tasks?q=red", "POP /projects"]);
    expect(history.href("/")).toBe("/app");
  });

  it("replaces the entry when going where one already is, and remembers a kept scroll", () => {
    const { win, entries } = fakeWindow("/app/project/1");
    const history = createAppHistory("/app", win);
    history.navigate("/project/1/task/2", { preventScrollReset: true });
    expect(history.keepScroll).toBe(true);
    history.navigate("/project/1/task/2");
    expect(entries).toHaveLength(2);
    expect(history.action).toBe("REPLACE");
    expect(history.keepScroll).toBe(false);
  });
});
