import { type KeyboardEvent, type PointerEvent, useRef, useState, type WheelEvent } from "react";
import type { PinPlace } from "./viewer-pins.ts";

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
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
 * The stage's zoom (wheel, + - 0 keys), pan (drag while zoomed), pick (a click, or a mouse drag
 * for a rectangle, in fractions of the frame) and swipe between files on touch screens, which
 * slides the canvas out and reports the direction when the slide ends.
 */
export function useStageGestures({
  onPick,
  onSwipe,
}: {
  onPick: ((place: PinPlace) => void) | null;
  onSwipe: (direction: 1 | -1) => void;
}) {
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

  return {
    zoom,
    pan,
    slide,
    dragRect,
    frame,
    setZoomTo,
    onWheel: (event: WheelEvent<HTMLDivElement>) => setZoomTo(zoom + (event.deltaY < 0 ? 0.25 : -0.25)),
    onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => {
      if (event.key === "+" || event.key === "=") setZoomTo(zoom + 0.5);
      else if (event.key === "-") setZoomTo(zoom - 0.5);
      else if (event.key === "0") setZoomTo(1);
    },
    onPointerDown,
    onPointerMove,
    onPointerUp,
    onPointerCancel: () => {
      gesture.current = null;
      setDragRect(null);
    },
    onSlideEnd: () => {
      if (slide === 0) return;
      const direction = slide;
      setSlide(0);
      onSwipe(direction);
    },
  };
}
