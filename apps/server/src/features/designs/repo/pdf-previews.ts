import { PDF_CONTENT_TYPE, type PdfProblem } from "@atelier/shared";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { designPdfPreviews, files } from "../../../db/schema/index.ts";

/** Of `keys`, the uploads recognised as PDFs. */
export async function findPdfKeys(db: DbOrTx, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await db
    .select({ key: files.key })
    .from(files)
    .where(and(inArray(files.key, [...keys]), eq(files.contentType, PDF_CONTENT_TYPE)));
  return rows.map((row) => row.key);
}

/** A pending preview for each PDF (a key seen before keeps its row). */
export async function insertPendingPreviews(db: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(designPdfPreviews)
    .values(keys.map((fileKey) => ({ fileKey })))
    .onConflictDoNothing();
}

export async function findPreviewStatus(db: DbOrTx, fileKey: string) {
  const [row] = await db
    .select({ status: designPdfPreviews.status })
    .from(designPdfPreviews)
    .where(eq(designPdfPreviews.fileKey, fileKey))
    .limit(1);
  return row?.status;
}

/** Settles a preview; answers false when its row is gone (the design was removed meanwhile). */
export async function settlePreview(
  db: DbOrTx,
  fileKey: string,
  result: { status: "ready"; pageCount: number } | { status: "failed"; problem: PdfProblem },
): Promise<boolean> {
  const values =
    result.status === "ready"
      ? { status: result.status, pageCount: result.pageCount, problem: null }
      : { status: result.status, pageCount: null, problem: result.problem };
  const rows = await db
    .update(designPdfPreviews)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(designPdfPreviews.fileKey, fileKey))
    .returning({ fileKey: designPdfPreviews.fileKey });
  return rows.length > 0;
}
