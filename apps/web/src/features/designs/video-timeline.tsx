import type { KeyboardEvent } from "react";
import classes from "./designs.module.css";
import { formatVideoTime } from "./video-time.ts";

export interface TimelineMarker {
  id: string;
  number: number;
  atMs: number;
  resolved: boolean;
}

/**
 * Where the video is, as a slider (arrows a second, Page keys ten, Home and End), with a marker
 * for each comment at its time: a button that lands on the comment (and seeks there).
 */
export function VideoTimeline({
  durationMs,
  timeMs,
  markers,
  activeId,
  onSeek,
  onMarker,
}: {
  durationMs: number | null;
  timeMs: number;
  markers: TimelineMarker[];
  activeId: string | null;
  onSeek: (ms: number) => void;
  onMarker: (id: string) => void;
}) {
  const length = durationMs ?? 0;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const steps: Record<string, number> = { ArrowRight: 1000, ArrowUp: 1000, ArrowLeft: -1000, ArrowDown: -1000 };
    const pages: Record<string, number> = { PageUp: 10_000, PageDown: -10_000 };
    const by = steps[event.key] ?? pages[event.key];
    if (by === undefined) return;
    event.preventDefault();
    onSeek(Math.min(Math.max(Math.round(timeMs / 1000) * 1000 + by, 0), length));
  };
  return (
    <div className={classes.timeline}>
      <input
        type="range"
        className={classes.timelineRange}
        min={0}
        max={Math.max(length, 1)}
        step={1}
        value={Math.min(timeMs, length)}
        disabled={durationMs === null}
        aria-label="Position in the video"
        aria-valuetext={`${formatVideoTime(timeMs)} of ${formatVideoTime(length)}`}
        onChange={(event) => onSeek(Number(event.currentTarget.value))}
        onKeyDown={onKeyDown}
      />
      {length > 0 ? (
        <ul className={classes.markers} aria-label="Comments on the timeline">
          {markers.map((marker) => (
            <li key={marker.id} style={{ left: `${Math.min(marker.atMs / length, 1) * 100}%` }}>
              <button
                type="button"
                className={`${classes.marker} ${marker.resolved ? classes.pinResolved : ""} ${marker.id === activeId ? classes.pinActive : ""}`}
                aria-label={`Comment ${marker.number} at ${formatVideoTime(marker.atMs)}`}
                aria-pressed={marker.id === activeId}
                onClick={() => onMarker(marker.id)}
              >
                {marker.number}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
