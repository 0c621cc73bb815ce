// Loaded only with the PDF viewer's chunk (viewer-picture.tsx imports it lazily): pdf.js and its
// worker, a separate asset, never reach a first load (docs/decisions/057-pdf-designs.md).
import { PDF_MESSAGES } from "@atelier/shared";
import {
  GlobalWorkerOptions,
  getDocument,
  type PDFDocumentProxy,
  type PDFPageProxy,
  PDFWorker,
  TextLayer,
} from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";

GlobalWorkerOptions.workerSrc = workerUrl;

// One worker for every PDF opened in this tab: starting one parses a megabyte of script, which
// each file (and each side of a comparison) would otherwise pay again.
let sharedWorker: PDFWorker | null = null;
function pdfWorker(): PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new PDFWorker();
  return sharedWorker;
}

/** Starts the worker ahead of the first PDF opened (it parses its script meanwhile). */
export function warmUpPdfWorker(): void {
  pdfWorker();
}

export type PdfState =
  | { status: "loading" }
  | { status: "ready"; doc: PDFDocumentProxy }
  | { status: "failed"; message: string };

/**
 * Opens the PDF at `url` (our `/serve/s/{key}`, which answers byte ranges, so pdf.js fetches the
 * parts page 1 needs first rather than the whole file) and closes it when the URL changes.
 */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<PdfState>({ status: "loading" });
  useEffect(() => {
    setState({ status: "loading" });
    const task = getDocument({ url, worker: pdfWorker(), isEvalSupported: false, withCredentials: false });
    let live = true;
    task.promise.then(
      (doc) => {
        if (live) setState({ status: "ready", doc });
      },
      (error: unknown) => {
        if (!live) return;
        const locked = error instanceof Error && error.name === "PasswordException";
        setState({
          status: "failed",
          message: locked ? PDF_MESSAGES.encrypted : PDF_MESSAGES.damaged,
        });
      },
    );
    return () => {
      live = false;
      void task.destroy();
    };
  }, [url]);
  return state;
}

/** A page's size in CSS pixels at scale 1 (points), read once per page. */
export function usePageSize(doc: PDFDocumentProxy, pageNumber: number): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    let live = true;
    doc.getPage(pageNumber).then(
      (page) => {
        const viewport = page.getViewport({ scale: 1 });
        if (live) setSize({ width: viewport.width, height: viewport.height });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [doc, pageNumber]);
  return size;
}

/**
 * Draws one page into a canvas `width` CSS pixels wide (sharp on high-density screens) and, when
 * `textLayer` is given, lays its text over it as selectable, transparent spans. A newer drawing
 * cancels the one in progress (quick zooming, paging).
 */
export function usePageDrawing(input: {
  doc: PDFDocumentProxy;
  pageNumber: number;
  width: number;
  canvas: React.RefObject<HTMLCanvasElement | null>;
  textLayer?: React.RefObject<HTMLDivElement | null>;
  onDrawn?: () => void;
}): void {
  const { doc, pageNumber, width, canvas, textLayer } = input;
  const onDrawn = useRef(input.onDrawn);
  onDrawn.current = input.onDrawn;
  useEffect(() => {
    let cancelled = false;
    let cancel = () => {};
    const draw = async (page: PDFPageProxy) => {
      const target = canvas.current;
      if (cancelled || !target || width <= 0) return;
      const scale = width / page.getViewport({ scale: 1 }).width;
      const viewport = page.getViewport({ scale });
      const ratio = window.devicePixelRatio || 1;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${viewport.width}px`;
      target.style.height = `${viewport.height}px`;
      const render = page.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      const layer = textLayer?.current;
      let text: TextLayer | null = null;
      if (layer) {
        layer.replaceChildren();
        layer.style.setProperty("--total-scale-factor", String(scale));
        text = new TextLayer({ textContentSource: page.streamTextContent(), container: layer, viewport });
      }
      cancel = () => {
        render.cancel();
        text?.cancel();
      };
      await Promise.all([render.promise, text?.render()]);
      if (!cancelled) onDrawn.current?.();
    };
    doc
      .getPage(pageNumber)
      .then(draw)
      .catch(() => {
        // A cancelled drawing rejects; the next one (or unmounting) is already on its way.
      });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [doc, pageNumber, width, canvas, textLayer]);
}
