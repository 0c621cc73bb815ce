import { PDF_PREVIEW_STATUSES, PDF_PROBLEMS } from "@atelier/shared";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { msTimestamp } from "./columns.ts";
import { files } from "./files.ts";

/**
 * The page-1 preview of a PDF design, one row per upload: written `pending` when the PDF is added
 * and settled by the preview job (`designs.pdfPreview`). The image itself is stored beside the
 * upload's bytes (features/files: `pdfPageKey`), so it goes with them when the design is removed.
 */
export const designPdfPreviews = pgTable("design_pdf_previews", {
  fileKey: text("file_key")
    .primaryKey()
    .references(() => files.key, { onDelete: "cascade" }),
  status: text("status", { enum: PDF_PREVIEW_STATUSES }).notNull().default("pending"),
  pageCount: integer("page_count"),
  problem: text("problem", { enum: PDF_PROBLEMS }),
  updatedAt: msTimestamp("updated_at").notNull().defaultNow(),
});
