export interface PageView {
  /** Path inside the app, without the /app base: "/projects". */
  path: string;
  title: string;
}

export type PageViewReporter = (view: PageView) => void;

let reporter: PageViewReporter = () => {};

/** Plugs an analytics sink in; the default reports nothing. */
export function setPageViewReporter(next: PageViewReporter): void {
  reporter = next;
}

export function reportPageView(view: PageView): void {
  try {
    reporter(view);
  } catch {
    // A failing analytics sink must never break navigation.
  }
}
