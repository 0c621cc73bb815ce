// The designs feature's own formatting. The tasks feature has the same three helpers in
// task-format.ts, but features import each other only through their index (DESIGN §11), and the
// tasks index is in every first load: a few lines here are cheaper than widening it.

/** The capability link of a stored file. */
export function fileUrl(key: string): string {
  return `/serve/s/${encodeURIComponent(key)}`;
}

/** "1 KB", "2.4 MB": a file size for people. */
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

export function formatDateTime(epochMs: number): string {
  return dateTimeFormat.format(new Date(epochMs));
}
