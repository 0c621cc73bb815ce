import { Readable } from "node:stream";
import type { AppContext } from "../../core/context.ts";
import type { Jobs } from "../../core/jobs/jobs.ts";
import { renderPdfFirstPage } from "../../lib/pdf-page-image.ts";
import { pdfPageKey } from "../files/index.ts";
import { findPreviewStatus, settlePreview } from "./repo/pdf-previews.ts";

/**
 * The PDF preview job: draws page 1 of a PDF design into an image stored beside it
 * (`/serve/s/{key}?w&h` serves it resized) and records the page count; a damaged or encrypted PDF
 * is recorded as such, with no image, and is not retried. Only the storage failing throws (and
 * the queue retries). Safe to run twice: the image is written before the row says ready, and a
 * removed design (its row gone) keeps nothing.
 */
export function definePdfPreviewJob(ctx: AppContext, jobs: Jobs): void {
  jobs.define("designs.pdfPreview", (data) => makePdfPreview(ctx, data.fileKey), {
    retryLimit: 3,
    retryDelaySeconds: 5,
  });
}

export async function makePdfPreview(ctx: AppContext, fileKey: string): Promise<void> {
  if ((await findPreviewStatus(ctx.db, fileKey)) !== "pending") return;
  const stored = await ctx.storage.get(fileKey);
  if (!stored) return;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  const result = await renderPdfFirstPage(new Uint8Array(Buffer.concat(chunks)));
  if (!result.ok) {
    await settlePreview(ctx.db, fileKey, { status: "failed", problem: result.problem });
    return;
  }
  const imageKey = pdfPageKey(fileKey);
  await ctx.storage.put(imageKey, Readable.from([result.png]));
  if (!(await settlePreview(ctx.db, fileKey, { status: "ready", pageCount: result.pageCount }))) {
    await ctx.storage.remove(imageKey);
  }
}
