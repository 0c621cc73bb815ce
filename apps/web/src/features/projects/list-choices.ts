// The projects list's choices, read by the screen and by the first-screen preload: the sort is
// stored (SPEC §3: kept on the client), the tab is in the address (?state=archived, issue 29).
// No schema here: this module is in every first load.

export const LIST_SORT_KEY = "atelier.projects.sort";
export const LIST_STATE_PARAM = "state";

/** The tab an address's `state` names: archived, or in progress for anything else. */
export function listStateOf(value: string | null): "inProgress" | "archived" {
  return value === "archived" ? "archived" : "inProgress";
}

/** A choice as Mantine's useLocalStorage stores it (JSON); the fallback when absent or unreadable. */
function storedChoice(key: string, fallback: string): string {
  try {
    const raw = window.localStorage.getItem(key);
    const value: unknown = raw === null ? fallback : JSON.parse(raw);
    return typeof value === "string" ? value : fallback;
  } catch {
    return fallback;
  }
}

/**
 * The first page the list will ask for (GET /v3/project/list, as lib/api-client.ts writes it), to
 * start while the screen's code loads. A stored choice the screen then refuses only makes this
 * request go unused.
 */
export function projectListEarlyUrls(): string[] {
  const query = new URLSearchParams({
    projectState: listStateOf(new URLSearchParams(window.location.search).get(LIST_STATE_PARAM)),
    sort: storedChoice(LIST_SORT_KEY, "created"),
  });
  return [`/v3/project/list?${query}`];
}
