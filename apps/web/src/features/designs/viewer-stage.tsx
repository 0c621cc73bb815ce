import { ActionIcon, Group, Text } from "@mantine/core";
import { type PointerEvent, useRef, useState } from "react";
import classes from "./designs.module.css";

/** Where a comment points on an image: fractions 0–1 of its width and height; w and h for a rectangle. */
export interface PinPlace {
  x: number;
  y: number;
  w?: number;
  h?: number;
}

export interface StagePin extends PinPlace {
  id: string;
  /** shown on the pin and in its name: "Comment 2" */
  number: number;
  resolved: boolean;
}

interface ViewerStageProps {
  src: string;
  alt: string;
  pins: StagePin[];
  activePinId: string | null;
  /** the pin of a comment being written */
  draft: PinPlace | null;
  /** null when the caller may not comment */
  onPick: ((place: PinPlace) => void) | null;
  onPinClick: (id: string) => void;
  /** a horizontal swipe on a touch screen: +1 next, -1 previous */
  onSwipe: (direction: 1 | -1) => void;
}

const ZOOM_MIN = 1;
const ZOOM_MAX = 4;
const MOVE_THRESHOLD = 6;
const SWIPE_MIN = 60;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

interface Gesture {
  startX: number;
  startY: number;
  panX: number;
  panY: number;
  moved: boolean;
  touch: boolean;
}

/**
 * One design large: zoom (buttons, wheel, + and - keys) and pan (drag while zoomed), pins drawn
 * where comments point, a click on the image to start a pinned comment (a mouse drag draws a
 * rectangle), and a swipe between files on touch screens animated for SPEC §9's 300 ms.
 */
export function ViewerStage({ src, alt, pins, activePinId, draft, onPick, onPinClick, onSwipe }: ViewerStageProps) {
  const [zoom, setZoom] = useState(1);
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const [slide, setSlide] = useState<0 | 1 | -1>(0);
  const [dragRect, setDragRect] = useState<PinPlace | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const frame = useRef<HTMLDivElement>(null);

  function setZoomTo(next: number) {
    const value = clamp(Math.round(next * 4) / 4, ZOOM_MIN, ZOOM_MAX);
    setZoom(value);
    if (value === 1) setPan({ x: 0, y: 0 });
  }

  function fractionAt(clientX: number, clientY: number): { x: number; y: number } | null {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    const x = (clientX - box.left) / box.width;
    const y = (clientY - box.top) / box.height;
    if (x < 0 || x > 1 || y < 0 || y > 1) return null;
    return { x: clamp(x, 0, 1), y: clamp(y, 0, 1) };
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
    try {
      // Keeps the gesture when the pointer leaves the stage mid-drag.
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks: the gesture still works inside the stage.
    }
    gesture.current = {
      startX: event.clientX,
      startY: event.clientY,
      panX: pan.x,
      panY: pan.y,
      moved: false,
      touch: event.pointerType === "touch",
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const current = gesture.current;
    if (!current) return;
    const dx = event.clientX - current.startX;
    const dy = event.clientY - current.startY;
    if (!current.moved && Math.hypot(dx, dy) < MOVE_THRESHOLD) return;
    current.moved = true;
    if (zoom > 1) {
      setPan({ x: current.panX + dx, y: current.panY + dy });
    } else if (!current.touch && onPick) {
      const from = fractionAt(current.startX, current.startY);
      const box = frame.current?.getBoundingClientRect();
      if (!from || !box) return;
      const toX = clamp((event.clientX - box.left) / box.width, 0, 1);
      const toY = clamp((event.clientY - box.top) / box.height, 0, 1);
      setDragRect({
        x: Math.min(from.x, toX),
        y: Math.min(from.y, toY),
        w: Math.abs(toX - from.x),
        h: Math.abs(toY - from.y),
      });
    }
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    const current = gesture.current;
    gesture.current = null;
    if (!current) return;
    const dx = event.clientX - current.startX;
    if (current.moved) {
      if (zoom === 1 && current.touch && Math.abs(dx) >= SWIPE_MIN) setSlide(dx < 0 ? 1 : -1);
      if (dragRect && onPick && (dragRect.w ?? 0) > 0.01 && (dragRect.h ?? 0) > 0.01) onPick(dragRect);
      setDragRect(null);
      return;
    }
    if (!onPick) return;
    const at = fractionAt(event.clientX, event.clientY);
    if (at) onPick(at);
  }

  const shown = dragRect ?? draft;
  return (
    <div>
      <Group gap={4} justify="flex-end" mb={4}>
        <Text size="xs" c="gray.7" aria-live="polite">
          {Math.round(zoom * 100)}%
        </Text>
        <ActionIcon
          variant="default"
          aria-label="Zoom out"
          disabled={zoom <= ZOOM_MIN}
          onClick={() => setZoomTo(zoom - 0.5)}
        >
          −
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label="Zoom in"
          disabled={zoom >= ZOOM_MAX}
          onClick={() => setZoomTo(zoom + 0.5)}
        >
          +
        </ActionIcon>
        <ActionIcon variant="default" aria-label="Fit to screen" disabled={zoom === 1} onClick={() => setZoomTo(1)}>
          ⤢
        </ActionIcon>
      </Group>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer gestures on the image; every action also has a button or key */}
      <div
        className={classes.stage}
        onWheel={(event) => setZoomTo(zoom + (event.deltaY < 0 ? 0.25 : -0.25))}
        onKeyDown={(event) => {
          if (event.key === "+" || event.key === "=") setZoomTo(zoom + 0.5);
          else if (event.key === "-") setZoomTo(zoom - 0.5);
          else if (event.key === "0") setZoomTo(1);
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          gesture.current = null;
          setDragRect(null);
        }}
      >
        <div
          className={`${classes.canvas} ${slide !== 0 ? classes.swipe : ""}`}
          style={{
            transform:
              slide !== 0 ? `translateX(${slide * -100}%)` : `translate(${pan.x}px, ${pan.y}px) scale(${zoom})`,
          }}
          onTransitionEnd={() => {
            if (slide === 0) return;
            const direction = slide;
            setSlide(0);
            onSwipe(direction);
          }}
        >
          <div className={classes.frame} ref={frame} data-testid="design-frame">
            <img src={src} alt={alt} draggable={false} />
            {pins.map((pin) =>
              pin.w !== undefined && pin.h !== undefined ? (
                <span
                  key={`rect-${pin.id}`}
                  className={classes.rect}
                  data-testid={`pin-area-${pin.number}`}
                  style={{
                    left: `${pin.x * 100}%`,
                    top: `${pin.y * 100}%`,
                    width: `${pin.w * 100}%`,
                    height: `${pin.h * 100}%`,
                  }}
                />
              ) : null,
            )}
            {pins.map((pin) => (
              <button
                type="button"
                key={pin.id}
                className={`${classes.pin} ${pin.resolved ? classes.pinResolved : ""} ${pin.id === activePinId ? classes.pinActive : ""}`}
                style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%`, transform: `scale(${1 / zoom})` }}
                aria-label={`Comment ${pin.number}${pin.resolved ? " (resolved)" : ""}`}
                aria-pressed={pin.id === activePinId}
                onClick={() => onPinClick(pin.id)}
              >
                {pin.number}
              </button>
            ))}
            {shown ? (
              shown.w !== undefined && shown.h !== undefined ? (
                <span
                  className={classes.rect}
                  style={{
                    left: `${shown.x * 100}%`,
                    top: `${shown.y * 100}%`,
                    width: `${shown.w * 100}%`,
                    height: `${shown.h * 100}%`,
                  }}
                  data-testid="draft-pin"
                />
              ) : (
                <span
                  className={`${classes.pin} ${classes.draft}`}
                  style={{ left: `${shown.x * 100}%`, top: `${shown.y * 100}%` }}
                  data-testid="draft-pin"
                />
              )
            ) : null}
          </div>
        </div>
      </div>
    </div>
  );
}
