import type { AppContext } from "../../../core/context.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { deleteFileRows } from "../repo/files.ts";
import { pdfPageKey, variantKeys } from "./serve.ts";

/**
 * Forgets uploads in the caller's transaction (a removed design, a task's stale zips): once it
 * commits, `/serve/s/{key}` and every resized copy (a PDF's page image too) answer 404, whatever storage still holds.
 * Answers the storage keys (bytes and resized copies) to delete after the commit.
 */
export async function forgetUploads(tx: DbOrTx, keys: readonly string[]): Promise<string[]> {
  const forgotten = await deleteFileRows(tx, keys);
  return forgotten.flatMap((key) => [key, pdfPageKey(key), ...variantKeys(key)]);
}

/**
 * Deletes stored bytes after the rows are gone. A storage failure is logged and left: nothing
 * serves a key without its row, so the leftover bytes are unreachable, not exposed.
 */
export async function deleteStoredUploads(ctx: AppContext, storageKeys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(storageKeys.map((key) => ctx.storage.remove(key)));
  results.forEach((result, index) => {
    if (result.status === "rejected") {
      ctx.log.warn({ key: storageKeys[index], err: result.reason }, "removed upload's bytes not deleted");
    }
  });
}
