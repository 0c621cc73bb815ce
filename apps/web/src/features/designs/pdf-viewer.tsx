import { ActionIcon, Alert, Group, Loader, SegmentedControl, SimpleGrid, Slider, Stack, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import type { PDFDocumentProxy } from "pdfjs-dist";
import { useEffect, useRef, useState } from "react";
import { type PdfState, usePageDrawing, usePageSize, usePdfDocument } from "./pdf-document.ts";

export { warmUpPdfWorker } from "./pdf-document.ts";

import classes from "./pdf-viewer.module.css";
import { DraftPin, StagePins } from "./stage-pins.tsx";
import { ZOOM_MAX, ZOOM_MIN } from "./use-stage-gestures.ts";
import type { PinPlace, StagePin } from "./viewer-pins.ts";
import { ZoomControls } from "./zoom-controls.tsx";

/** Pages wider than this are drawn at this width at 100% (a comfortable reading size). */
const PAGE_WIDTH_MAX = 1000;
const STRIP_WIDTH = 76;
/** A pointer that moves less than this between press and release pins a point, not an area. */
const DRAG_PX = 5;

export interface PdfStageProps {
  url: string;
  name: string;
  page: number;
  onPageChange: (page: number) => void;
  /** the pins of comments on the page shown */
  pins: StagePin[];
  activePinId: string | null;
  draft: PinPlace | null;
  /** null when the caller may not comment */
  onPick: ((place: PinPlace) => void) | null;
  onPinClick: (id: string) => void;
  onPageCount?: (count: number) => void;
}

function Loading({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl" role="status" aria-live="polite">
      <Loader size="sm" />
      <Text size="sm">{label}</Text>
    </Group>
  );
}

function Failed({ state }: { state: PdfState }) {
  return state.status === "failed" ? (
    <Alert color="red" title="The PDF cannot be shown">
      {state.message}
    </Alert>
  ) : null;
}

/**
 * A PDF design page by page: the page strip, the page large (canvas with its text selectable),
 * zoom, and the comments' pins on the page shown; in pin mode a click pins a point, a drag an area.
 */
export default function PdfStage(props: PdfStageProps) {
  const state = usePdfDocument(props.url);
  const { onPageCount } = props;
  const pageCount = state.status === "ready" ? state.doc.numPages : null;
  useEffect(() => {
    if (pageCount !== null) onPageCount?.(pageCount);
  }, [pageCount, onPageCount]);
  if (state.status === "loading") return <Loading label={`Opening ${props.name}…`} />;
  if (state.status === "failed") return <Failed state={state} />;
  return <PdfPages {...props} doc={state.doc} />;
}

function PdfPages({ doc, page: wanted, onPageChange, name, ...pins }: PdfStageProps & { doc: PDFDocumentProxy }) {
  const page = Math.min(Math.max(wanted, 1), doc.numPages);
  const [zoom, setZoom] = useState(1);
  const [mode, setMode] = useState<"pin" | "text">(pins.onPick ? "pin" : "text");
  const { ref: stageRef, width: stageWidth } = useElementSize<HTMLDivElement>();
  const size = usePageSize(doc, page);
  // Fit the page's width to the stage at 100%, then zoom from there.
  const fitWidth = size ? Math.min(stageWidth - 16, PAGE_WIDTH_MAX, size.width * 2) : 0;
  const width = Math.max(0, Math.round(fitWidth * zoom));
  const go = (next: number) => onPageChange(Math.min(Math.max(next, 1), doc.numPages));
  // The strip's thumbnails wait for the first page shown: it is what the reviewer came for.
  const [firstDrawn, setFirstDrawn] = useState(false);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Group gap={4}>
          <ActionIcon variant="default" aria-label="Previous page" disabled={page <= 1} onClick={() => go(page - 1)}>
            ‹
          </ActionIcon>
          <Text size="sm" aria-live="polite" data-testid="pdf-page-label">
            Page {page} of {doc.numPages}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Next page"
            disabled={page >= doc.numPages}
            onClick={() => go(page + 1)}
          >
            ›
          </ActionIcon>
        </Group>
        {pins.onPick ? (
          <SegmentedControl
            size="xs"
            value={mode}
            onChange={(value) => setMode(value === "text" ? "text" : "pin")}
            data={[
              { value: "pin", label: "Pin comments" },
              { value: "text", label: "Select text" },
            ]}
            aria-label="What a click on the page does"
          />
        ) : null}
        <ZoomControls zoom={zoom} onZoom={(next) => setZoom(Math.min(Math.max(next, ZOOM_MIN), ZOOM_MAX))} />
      </Group>
      <div className={classes.layout}>
        <PageStrip doc={doc} page={page} onGo={go} draw={firstDrawn} />
        {/* biome-ignore lint/a11y/noStaticElementInteractions: Page Up and Page Down while the page has focus; the buttons above do the same */}
        <div
          ref={stageRef}
          className={classes.stage}
          onKeyDown={(event) => {
            if (event.key === "PageDown") go(page + 1);
            else if (event.key === "PageUp") go(page - 1);
            else return;
            event.preventDefault();
          }}
        >
          {width > 0 ? (
            <PageView
              key={page}
              doc={doc}
              page={page}
              width={width}
              label={`${name}, page ${page}`}
              picking={mode === "pin" && pins.onPick !== null}
              onDrawn={() => setFirstDrawn(true)}
              {...pins}
            />
          ) : (
            <Loading label="Drawing the page…" />
          )}
        </div>
      </div>
    </Stack>
  );
}

function PageView({
  doc,
  page,
  width,
  label,
  picking,
  pins,
  activePinId,
  draft,
  onPick,
  onPinClick,
  onDrawn,
}: Pick<PdfStageProps, "pins" | "activePinId" | "draft" | "onPick" | "onPinClick"> & {
  doc: PDFDocumentProxy;
  page: number;
  width: number;
  label: string;
  picking: boolean;
  onDrawn: () => void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);
  usePageDrawing({
    doc,
    pageNumber: page,
    width,
    canvas,
    textLayer: text,
    onDrawn: () => {
      setDrawn(true);
      onDrawn();
    },
  });
  const sheet = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number; px: number; py: number } | null>(null);
  const [dragRect, setDragRect] = useState<PinPlace | null>(null);
  const fractionsAt = (event: React.PointerEvent) => {
    const box = sheet.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
    return {
      x: clamp((event.clientX - box.left) / box.width),
      y: clamp((event.clientY - box.top) / box.height),
      px: event.clientX,
      py: event.clientY,
    };
  };
  const rectFrom = (from: { x: number; y: number }, to: { x: number; y: number }): PinPlace => ({
    x: Math.min(from.x, to.x),
    y: Math.min(from.y, to.y),
    w: Math.abs(to.x - from.x),
    h: Math.abs(to.y - from.y),
  });
  const shown = dragRect ?? draft;
  return (
    <div
      className={classes.page}
      style={{ width }}
      data-testid="pdf-page"
      data-page={page}
      data-drawn={drawn || undefined}
    >
      <canvas ref={canvas} role="img" aria-label={label} />
      <div ref={text} className={classes.textLayer} />
      {picking && onPick ? (
        <div
          ref={sheet}
          className={classes.pick}
          data-testid="pdf-pin-sheet"
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            start.current = fractionsAt(event);
          }}
          onPointerMove={(event) => {
            const from = start.current;
            const at = fractionsAt(event);
            if (!from || !at) return;
            if (Math.hypot(at.px - from.px, at.py - from.py) >= DRAG_PX) setDragRect(rectFrom(from, at));
          }}
          onPointerUp={(event) => {
            const from = start.current;
            const at = fractionsAt(event);
            start.current = null;
            setDragRect(null);
            if (!from || !at) return;
            onPick(Math.hypot(at.px - from.px, at.py - from.py) >= DRAG_PX ? rectFrom(from, at) : { x: at.x, y: at.y });
          }}
          onPointerCancel={() => {
            start.current = null;
            setDragRect(null);
          }}
        />
      ) : null}
      <div style={{ position: "absolute", inset: 0, zIndex: 3, pointerEvents: "none" }}>
        <div style={{ position: "relative", width: "100%", height: "100%", pointerEvents: "none" }}>
          <span style={{ pointerEvents: "auto" }}>
            <StagePins pins={pins} activePinId={activePinId} zoom={1} onPinClick={onPinClick} />
          </span>
          {shown ? <DraftPin place={shown} /> : null}
        </div>
      </div>
    </div>
  );
}

/** One button per page; each draws its thumbnail once it scrolls into view (a 100-page file stays quick). */
function PageStrip({
  doc,
  page,
  onGo,
  draw,
}: {
  doc: PDFDocumentProxy;
  page: number;
  onGo: (page: number) => void;
  /** false until the page shown is drawn */
  draw: boolean;
}) {
  const pages = Array.from({ length: doc.numPages }, (_, index) => index + 1);
  return (
    <ol className={classes.strip} aria-label="Pages">
      {pages.map((number) => (
        <li key={number}>
          <StripPage doc={doc} number={number} current={number === page} onGo={onGo} draw={draw} />
        </li>
      ))}
    </ol>
  );
}

function StripPage({
  doc,
  number,
  current,
  onGo,
  draw,
}: {
  doc: PDFDocumentProxy;
  number: number;
  current: boolean;
  onGo: (page: number) => void;
  draw: boolean;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = button.current;
    if (!element || visible) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setVisible(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);
  useEffect(() => {
    if (current) button.current?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [current]);
  return (
    <button
      ref={button}
      type="button"
      className={classes.stripButton}
      aria-current={current ? "page" : undefined}
      aria-label={`Page ${number}`}
      onClick={() => onGo(number)}
    >
      {visible && draw ? <StripCanvas doc={doc} number={number} canvas={canvas} /> : null}
      {number}
    </button>
  );
}

function StripCanvas({
  doc,
  number,
  canvas,
}: {
  doc: PDFDocumentProxy;
  number: number;
  canvas: React.RefObject<HTMLCanvasElement | null>;
}) {
  usePageDrawing({ doc, pageNumber: number, width: STRIP_WIDTH, canvas });
  return <canvas ref={canvas} aria-hidden />;
}

export interface PdfCompareSide {
  label: string;
  url: string;
}

/**
 * Two versions of a PDF page by page: the same page of each side by side, or one over the other
 * with a slider revealing the newer. A page only one version has shows beside a note.
 */
export function PdfCompare({ before, after }: { before: PdfCompareSide; after: PdfCompareSide }) {
  const older = usePdfDocument(before.url);
  const newer = usePdfDocument(after.url);
  const [page, setPage] = useState(1);
  const [mode, setMode] = useState<"side" | "slider">("side");
  const [reveal, setReveal] = useState(50);
  const { ref, width: boxWidth } = useElementSize<HTMLDivElement>();
  if (older.status === "loading" || newer.status === "loading") return <Loading label="Opening both versions…" />;
  if (older.status === "failed" || newer.status === "failed") {
    return <Failed state={older.status === "failed" ? older : newer} />;
  }
  const count = Math.max(older.doc.numPages, newer.doc.numPages);
  const sideWidth = Math.max(0, Math.floor(mode === "side" ? (boxWidth - 12) / 2 : boxWidth));
  const side = (doc: PDFDocumentProxy, label: string) =>
    page <= doc.numPages ? (
      <ComparePage doc={doc} page={page} width={sideWidth} label={`${label}, page ${page}`} />
    ) : (
      <Text size="sm" c="gray.7" p="md">
        {label} has no page {page}.
      </Text>
    );
  return (
    <Stack gap="sm" role="group" aria-label="Compare versions">
      <Group justify="space-between" gap="xs">
        <Group gap={4}>
          <ActionIcon
            variant="default"
            aria-label="Previous page"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            ‹
          </ActionIcon>
          <Text size="sm" aria-live="polite">
            Page {page} of {count}
          </Text>
          <ActionIcon
            variant="default"
            aria-label="Next page"
            disabled={page >= count}
            onClick={() => setPage(page + 1)}
          >
            ›
          </ActionIcon>
        </Group>
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(value) => setMode(value === "slider" ? "slider" : "side")}
          data={[
            { value: "side", label: "Side by side" },
            { value: "slider", label: "Overlay" },
          ]}
          aria-label="Compare mode"
        />
      </Group>
      <div ref={ref}>
        {sideWidth === 0 ? null : mode === "side" ? (
          <SimpleGrid cols={2} spacing="xs">
            {[
              { doc: older.doc, label: before.label },
              { doc: newer.doc, label: after.label },
            ].map((item) => (
              <figure key={item.label} style={{ margin: 0 }}>
                {side(item.doc, item.label)}
                <Text component="figcaption" size="xs" c="gray.7" ta="center">
                  {item.label}
                </Text>
              </figure>
            ))}
          </SimpleGrid>
        ) : (
          <Stack gap={4}>
            <div className={classes.overlay}>
              {side(older.doc, before.label)}
              <div className={classes.overlayTop} style={{ clipPath: `inset(0 0 0 ${reveal}%)` }}>
                {side(newer.doc, after.label)}
              </div>
            </div>
            <Text size="xs" c="gray.7">
              Left: {before.label}. Right: {after.label}.
            </Text>
            <Slider
              value={reveal}
              onChange={setReveal}
              min={0}
              max={100}
              label={(value) => `${value}%`}
              thumbLabel={`Divide between ${before.label} and ${after.label}`}
            />
          </Stack>
        )}
      </div>
    </Stack>
  );
}

function ComparePage({
  doc,
  page,
  width,
  label,
}: {
  doc: PDFDocumentProxy;
  page: number;
  width: number;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  usePageDrawing({ doc, pageNumber: page, width, canvas });
  return (
    <div className={classes.page} style={{ width }}>
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
