import PDFDocument from "pdfkit";

/**
 * A PDF made here (pdfkit), never a downloaded file: `pages` A4 pages, each saying its number in
 * large type, so a rendered page can be told from another. `userPassword` encrypts it.
 */
export function pdfBytes(options: { pages?: number; userPassword?: string } = {}): Promise<Buffer> {
  const { pages = 3, userPassword } = options;
  const doc = new PDFDocument({ size: "A4", autoFirstPage: false, ...(userPassword ? { userPassword } : {}) });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  for (let page = 1; page <= pages; page++) {
    doc.addPage();
    doc.rect(0, 0, 595, 120).fill(page % 2 ? "#1e6091" : "#d00000");
    doc.fillColor("#000000").fontSize(64).text(`Page ${page}`, 72, 300);
  }
  doc.end();
  return done;
}

/** Bytes that start like a PDF (so the upload is taken as one) and are nothing of the kind after. */
export function damagedPdfBytes(): Buffer {
  return Buffer.concat([Buffer.from("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catal"), Buffer.alloc(2048, 0x5a)]);
}
