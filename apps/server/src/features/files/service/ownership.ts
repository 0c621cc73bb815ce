import type { DbOrTx } from "../../../db/client.ts";
import { findKeysOwnedBy } from "../repo/files.ts";

/**
 * Which of `keys` are uploads the user made. Other features attach only the caller's own uploads
 * (a key alone must not let anyone claim someone else's file); run inside the caller's transaction.
 */
export async function uploadsOwnedBy(db: DbOrTx, userId: string, keys: readonly string[]): Promise<Set<string>> {
  return new Set(await findKeysOwnedBy(db, userId, keys));
}
