/**
 * The ids of the events this tab's own calls committed (the OWN_EVENTS_HEADER of their answers).
 * The realtime stream skips exactly these: the tab already holds those answers, while the same
 * person's changes from another tab or device still refresh what is on screen.
 */
const KEPT = 500;
const ids = new Set<number>();

export function rememberOwnEvents(header: string | null): void {
  if (!header) return;
  for (const part of header.split(",")) {
    const id = Number(part);
    if (Number.isSafeInteger(id)) ids.add(id);
  }
  // A Set iterates in insertion order: drop the oldest beyond the last KEPT.
  for (const id of ids) {
    if (ids.size <= KEPT) break;
    ids.delete(id);
  }
}

export function isOwnEvent(id: number): boolean {
  return ids.has(id);
}
