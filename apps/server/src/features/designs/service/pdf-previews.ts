import type { AppContext } from "../../../core/context.ts";
import type { Tx } from "../../../db/client.ts";
import { findPdfKeys, insertPendingPreviews } from "../repo/pdf-previews.ts";

/**
 * Of uploads about to be attached as designs, the PDFs: read before the transaction, like the
 * images' previewability, so the task's lock is held only for writes.
 */
export function pdfKeysAmong(ctx: AppContext, keys: readonly string[]): Promise<string[]> {
  return findPdfKeys(ctx.db, keys);
}

/**
 * In the transaction that attaches them: a pending preview per PDF and its job, which exists only
 * if the attachment commits (pdf-preview-job.ts draws page 1 and settles the row).
 */
export async function queuePdfPreviews(ctx: AppContext, tx: Tx, pdfKeys: readonly string[]): Promise<void> {
  if (pdfKeys.length === 0) return;
  await insertPendingPreviews(tx, pdfKeys);
  for (const fileKey of pdfKeys) {
    await ctx.jobs.send("designs.pdfPreview", { fileKey }, { tx, singletonKey: `pdf-preview:${fileKey}` });
  }
}
