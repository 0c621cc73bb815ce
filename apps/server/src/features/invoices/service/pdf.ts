import PDFDocument from "pdfkit";
import type { InvoiceSnapshot } from "./snapshot.ts";
import { REVERSE_CHARGE_NOTE } from "./vat.ts";

/**
 * How invoices look. The seam for the portal's branding (issue 24 part 1, not built yet): today
 * the product name and a default colour; a logo (PNG or JPEG bytes) and the agency's colour slot
 * in here when branding exists.
 */
export interface InvoiceBranding {
  productName: string;
  accentColor: string;
  logo: Buffer | null;
}

export const DEFAULT_ACCENT_COLOR = "#1c7ed6";

/** "$1,234.50" from cents; negative amounts (credit notes) as "-$12.00". */
export function formatCents(cents: number, currency: string): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100).toLocaleString("en-US");
  const amount = `${whole}.${String(abs % 100).padStart(2, "0")}`;
  return currency === "USD" ? `${sign}$${amount}` : `${sign}${amount} ${currency}`;
}

const formatDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const formatRate = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, "")}%`;

/**
 * The document as a PDF, drawn from its snapshot only (decision 061: rendered on demand, so the
 * same snapshot always gives the same content). pdfkit's built-in Helvetica: text the PDF's
 * WinAnsi encoding lacks is not shown faithfully (see the decision's open points).
 */
export function renderInvoicePdf(snapshot: InvoiceSnapshot, branding: InvoiceBranding): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margin: 50,
    info: {
      Title: `${titleOf(snapshot)} ${snapshot.number}`,
      Author: snapshot.seller.name,
      Creator: branding.productName,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  drawHeader(doc, snapshot, branding);
  drawParties(doc, snapshot);
  drawLines(doc, snapshot, branding);
  drawFooter(doc, snapshot);
  doc.end();
  return done;
}

function titleOf(snapshot: InvoiceSnapshot): string {
  return snapshot.kind === "CREDIT_NOTE" ? "Credit note" : "Invoice";
}

type Doc = PDFKit.PDFDocument;

function drawHeader(doc: Doc, snapshot: InvoiceSnapshot, branding: InvoiceBranding): void {
  if (branding.logo) doc.image(branding.logo, 50, 45, { fit: [120, 40] });
  else doc.fillColor(branding.accentColor).font("Helvetica-Bold").fontSize(18).text(branding.productName, 50, 50);
  doc
    .fillColor("#000000")
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(`${titleOf(snapshot)} ${snapshot.number}`, 300, 50, { align: "right" });
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`Issue date: ${formatDate(snapshot.issuedAt)}`, 300, 78, { align: "right" });
  if (snapshot.credits) {
    doc.text(`Credits invoice ${snapshot.credits.number} of ${formatDate(snapshot.credits.issuedAt)}`, 300, 92, {
      align: "right",
    });
  }
}

function drawParty(doc: Doc, x: number, heading: string, party: InvoiceSnapshot["buyer"]): void {
  doc.font("Helvetica-Bold").fontSize(10).text(heading, x, 130);
  doc.font("Helvetica").text(party.name, x, 145, { width: 230 });
  doc.text(party.address, { width: 230 });
  doc.text(party.country, { width: 230 });
  if (party.vatId) doc.text(`VAT ID: ${party.vatId}`, { width: 230 });
}

function drawParties(doc: Doc, snapshot: InvoiceSnapshot): void {
  drawParty(doc, 50, "Seller", snapshot.seller);
  drawParty(doc, 310, "Buyer", snapshot.buyer);
  doc.font("Helvetica").fontSize(10).text(`Project: ${snapshot.projectName}`, 50, 240);
}

function drawLines(doc: Doc, snapshot: InvoiceSnapshot, branding: InvoiceBranding): void {
  const money = (cents: number) => formatCents(cents, snapshot.currency);
  let y = 270;
  doc.rect(50, y, 495, 20).fill(branding.accentColor);
  doc.fillColor("#ffffff").font("Helvetica-Bold").fontSize(10);
  doc.text("Description", 58, y + 6);
  doc.text("Qty", 330, y + 6, { width: 40, align: "right" });
  doc.text("Unit price", 375, y + 6, { width: 80, align: "right" });
  doc.text("Amount", 460, y + 6, { width: 80, align: "right" });
  doc.fillColor("#000000").font("Helvetica");
  y += 28;
  for (const line of snapshot.lines) {
    doc.text(line.description, 58, y, { width: 265 });
    doc.text(String(line.quantity), 330, y, { width: 40, align: "right" });
    doc.text(money(line.unitNetCents), 375, y, { width: 80, align: "right" });
    doc.text(money(line.netCents), 460, y, { width: 80, align: "right" });
    y = Math.max(doc.y, y + 14) + 6;
  }
  doc.moveTo(330, y).lineTo(545, y).stroke("#cccccc");
  y += 8;
  const vatLabel = snapshot.reverseCharge ? "VAT (reverse charge)" : `VAT ${formatRate(snapshot.vatRateBasisPoints)}`;
  const totals: [string, number][] = [
    ["Net", snapshot.netCents],
    [vatLabel, snapshot.vatCents],
  ];
  for (const [label, cents] of totals) {
    doc.text(label, 330, y, { width: 125, align: "right" });
    doc.text(money(cents), 460, y, { width: 80, align: "right" });
    y += 16;
  }
  doc.font("Helvetica-Bold").text(`Total (${snapshot.currency})`, 330, y, { width: 125, align: "right" });
  doc.text(money(snapshot.totalCents), 460, y, { width: 80, align: "right" });
  doc.font("Helvetica");
  doc.y = y + 30;
}

function drawFooter(doc: Doc, snapshot: InvoiceSnapshot): void {
  const notes = [
    snapshot.reverseCharge ? REVERSE_CHARGE_NOTE : null,
    snapshot.credits ? `Reason: ${snapshot.credits.reason}` : null,
    snapshot.payment ? `Paid: ${snapshot.payment}` : null,
    snapshot.seller.bankDetails ? `Bank details: ${snapshot.seller.bankDetails}` : null,
  ].filter((note): note is string => note !== null);
  for (const note of notes) doc.fontSize(9).text(note, 50, doc.y, { width: 495 }).moveDown(0.5);
}
