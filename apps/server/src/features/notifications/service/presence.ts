import type { DbOrTx } from "../../../db/client.ts";
import { markLeaving, markOnline } from "../repo/digest.ts";

/** A closed stream still counts as online this long: a reload or a reconnect is not "away". */
const LEAVING_GRACE_MS = 60_000;

/**
 * Presence for the e-mail digest (realtime tells it): a person with an open event stream is
 * reading, so no digest is mailed until `until` (the stream's token expiry) or their leaving.
 */
export function noteStreamOpen(db: DbOrTx, userId: string, until: Date): Promise<void> {
  return markOnline(db, userId, until);
}

/** Their last stream closed: they count as away once the grace is over without a new one. */
export function noteStreamsClosed(db: DbOrTx, userId: string): Promise<void> {
  return markLeaving(db, userId, new Date(Date.now() + LEAVING_GRACE_MS));
}
