import { createRequire } from "node:module";
import path from "node:path";
import type { PdfProblem } from "@atelier/shared";

/** The widest preview made: enough for the 240 px variants on a high-density screen. */
const PREVIEW_WIDTH = 480;
/** A page so large that rendering it could exhaust memory is drawn no taller than this. */
const PREVIEW_HEIGHT_MAX = 2400;

export type PdfPageImage = { ok: true; png: Buffer; pageCount: number } | { ok: false; problem: PdfProblem };

const require = createRequire(import.meta.url);
// pdf.js reads the 14 standard fonts (Helvetica, Times…) from files; without them text in PDFs
// that do not embed their fonts would be drawn in a fallback face or not at all.
const standardFontDataUrl = `${path.join(path.dirname(require.resolve("pdfjs-dist/package.json")), "standard_fonts")}${path.sep}`;

/**
 * Page 1 of a PDF as a PNG (PREVIEW_WIDTH wide), with the page count. A damaged file, or one
 * locked by a password, answers its problem instead of throwing: the caller shows a placeholder.
 * pdf.js's legacy build runs in Node without a browser; @napi-rs/canvas draws (no system packages).
 */
export async function renderPdfFirstPage(bytes: Uint8Array): Promise<PdfPageImage> {
  const [{ getDocument }, { createCanvas }] = await Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs"),
    import("@napi-rs/canvas"),
  ]);
  const task = getDocument({
    data: bytes,
    standardFontDataUrl,
    // Nothing in a document may run code here, and no warning lands in the log per odd file.
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    let document: Awaited<typeof task.promise>;
    try {
      document = await task.promise;
    } catch (error) {
      // pdf.js names its exceptions; PasswordException is not exported by the legacy build's types.
      const locked = error instanceof Error && error.name === "PasswordException";
      return { ok: false, problem: locked ? "encrypted" : "damaged" };
    }
    try {
      const page = await document.getPage(1);
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(PREVIEW_WIDTH / natural.width, PREVIEW_HEIGHT_MAX / natural.height);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.max(1, Math.ceil(viewport.width)), Math.max(1, Math.ceil(viewport.height)));
      const context = canvas.getContext("2d");
      // Transparent areas of the page are paper, not the thumbnail tile's background.
      context.fillStyle = "#ffffff";
      context.fillRect(0, 0, canvas.width, canvas.height);
      // @napi-rs/canvas implements the part of the DOM canvas pdf.js draws with (its own docs' use).
      type RenderParameters = Parameters<typeof page.render>[0];
      await page.render({
        canvas: canvas as unknown as RenderParameters["canvas"],
        canvasContext: context as unknown as RenderParameters["canvasContext"],
        viewport,
      }).promise;
      return { ok: true, png: await canvas.encode("png"), pageCount: document.numPages };
    } catch {
      // The header parsed but page 1 does not draw: as damaged as a file that does not open.
      return { ok: false, problem: "damaged" };
    }
  } finally {
    await task.destroy();
  }
}
