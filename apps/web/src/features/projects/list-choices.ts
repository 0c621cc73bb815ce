// The projects list's stored choices (SPEC §3: kept on the client), read by the screen and by the
// first-screen preload. No schema here: this module is in every first load.

export const LIST_STATE_KEY = "atelier.projects.state";
export const LIST_SORT_KEY = "atelier.projects.sort";

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
    projectState: storedChoice(LIST_STATE_KEY, "inProgress"),
    sort: storedChoice(LIST_SORT_KEY, "created"),
  });
  return [`/v3/project/list?${query}`];
}
