import { DESIGN_MESSAGES, isPdf, isPlayableVideo, PDF_MESSAGES, type Pin, VIDEO_MESSAGES } from "@atelier/shared";
import { badInput } from "../../../core/errors.ts";

interface CommentedFile {
  contentType: string;
  previewable: boolean;
  pdfStatus: "pending" | "ready" | "failed" | null;
  pdfPageCount: number | null;
}

interface Anchor {
  pin: Pin | null;
  page: number | null;
  atMs: number | null;
}

/**
 * Where a new comment may point. On an image: a pin. On a video (decision 058): a time, and with
 * the time a pin or area on the frame shown then. On a PDF (decision 057): a page (1-based, within
 * the document once its pages are counted) and, on that page, a pin; nothing on a PDF that could
 * not be read. A time off a video or a page off a PDF is refused, as is a pin where none fits:
 * 400 on the field, nothing written.
 */
export function ensureCommentAnchor(file: CommentedFile, anchor: Anchor): void {
  const video = isPlayableVideo(file.contentType);
  if (anchor.atMs !== null && !video) throw badInput({ atMs: VIDEO_MESSAGES.atMsNeedsVideo });
  if (!isPdf(file)) {
    if (anchor.page !== null) throw badInput({ page: PDF_MESSAGES.pageNeedsPdf });
    if (anchor.pin && !file.previewable && !(video && anchor.atMs !== null)) {
      throw badInput({ pin: DESIGN_MESSAGES.pinNeedsImage });
    }
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
