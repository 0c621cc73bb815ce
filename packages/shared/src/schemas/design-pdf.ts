import { z } from "zod";

/** The type a PDF upload is recognised as (from its first bytes, never its name). */
export const PDF_CONTENT_TYPE = "application/pdf";

/** The highest page a comment may name; real documents stop far below it. */
export const PDF_PAGE_MAX = 10_000;

export const PDF_PREVIEW_STATUSES = ["pending", "ready", "failed"] as const;
export type PdfPreviewStatus = (typeof PDF_PREVIEW_STATUSES)[number];

export const PDF_PROBLEMS = ["damaged", "encrypted"] as const;
export type PdfProblem = (typeof PDF_PROBLEMS)[number];

/** What the reviewer reads when a PDF cannot be shown (the file card stays downloadable). */
export const PDF_MESSAGES = {
  damaged: "This PDF is damaged and cannot be shown; download it to open it in another reader",
  encrypted: "This PDF is protected by a password and cannot be shown; download it to open it with its password",
  pageNeedsPdf: "Only comments on a PDF name a page",
  pageBeyondEnd: "The PDF has fewer pages",
  pinNeedsPage: "Name the page the pin is on",
} as const;

/**
 * The server's page-1 preview of a PDF design, made by a background job after the file is added:
 * `pending` until then, `ready` with the page count (the thumbnail is served at
 * `/serve/s/{designerFileKey}?w&h`), or `failed` with the reason and its message.
 */
export const pdfPreviewSchema = z.object({
  status: z.enum(PDF_PREVIEW_STATUSES),
  pageCount: z.number().int().min(1).nullable(),
  problem: z.enum(PDF_PROBLEMS).nullable(),
  message: z.string().nullable(),
});
export type PdfPreview = z.infer<typeof pdfPreviewSchema>;

/** A comment's page in a PDF, 1-based; null on other files. */
export const commentPageSchema = z
  .number({ message: "The page must be a number" })
  .int({ message: "The page must be a whole number" })
  .min(1, { message: "Pages count from 1" })
  .max(PDF_PAGE_MAX, { message: `The page must be at most ${PDF_PAGE_MAX}` });

export function isPdf(file: { contentType: string }): boolean {
  return file.contentType === PDF_CONTENT_TYPE;
}
