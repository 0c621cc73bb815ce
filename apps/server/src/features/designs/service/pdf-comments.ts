import { DESIGN_MESSAGES, isPdf, PDF_MESSAGES, type Pin } from "@atelier/shared";
import { badInput } from "../../../core/errors.ts";

interface CommentedFile {
  contentType: string;
  previewable: boolean;
  pdfStatus: "pending" | "ready" | "failed" | null;
  pdfPageCount: number | null;
}

/**
 * Where a new comment may point. On an image: a pin, no page. On a PDF: a page (1-based, within
 * the document once its pages are counted) and, on that page, a pin; nothing on a PDF that
 * could not be read. On any other file: neither. Refused with 400 on the field, nothing written.
 */
export function ensureCommentAnchor(file: CommentedFile, anchor: { pin: Pin | null; page: number | null }): void {
  if (!isPdf(file)) {
    if (anchor.page !== null) throw badInput({ page: PDF_MESSAGES.pageNeedsPdf });
    if (anchor.pin && !file.previewable) throw badInput({ pin: DESIGN_MESSAGES.pinNeedsImage });
    return;
  }
  if (anchor.page === null) {
    if (anchor.pin) throw badInput({ page: PDF_MESSAGES.pinNeedsPage });
    return;
  }
  if (file.pdfStatus === "failed") throw badInput({ page: PDF_MESSAGES.damaged });
  if (file.pdfPageCount !== null && anchor.page > file.pdfPageCount) {
    throw badInput({ page: PDF_MESSAGES.pageBeyondEnd });
  }
}
