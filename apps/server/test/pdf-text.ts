/**
 * The text of a PDF, page after page, as a reader extracts it (items in order, a line break where
 * pdf.js marks one). With the same pdf.js the server draws previews with: a second copy of pdf.js
 * in the test process (unpdf bundles one) installs its own fake worker on globalThis, which the
 * server's copy would then pick up across test files.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const task = getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 });
  try {
    const document = await task.promise;
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join(""));
    }
    return pages.join("\n");
  } finally {
    await task.destroy();
  }
}
