import type { DesignerFileVersion, Pin } from "@atelier/shared";
import { Button, Group, Text } from "@mantine/core";
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef } from "react";
import { fileUrl } from "./design-format.ts";
import classes from "./designs.module.css";
import { DraftPin, StagePins } from "./stage-pins.tsx";
import { FRAME_MS, useVideoPlayer } from "./use-video-player.ts";
import { formatVideoTime } from "./video-time.ts";
import { type TimelineMarker, VideoTimeline } from "./video-timeline.tsx";
import { stagePins, toPin } from "./viewer-pins.ts";

/** A pin shows while the video is this close to its comment's time. */
const PIN_WINDOW_MS = 500;
/** A press and release closer than this (fraction of the frame) is a point, farther a rectangle. */
const DRAG_MIN = 0.02;

const fraction = (value: number) => Math.min(Math.max(value, 0), 1);

interface ViewerVideoProps {
  version: DesignerFileVersion;
  activeId: string | null;
  draft: Pin | null;
  /** null when the caller may not comment on this version */
  onDraft: ((pin: Pin) => void) | null;
  onActivate: (commentId: string) => void;
  /** where the video is (ms), for the comment being written */
  onPlayhead: (ms: number) => void;
  /** "Use this frame as poster", for whoever may change the file */
  onUseFrame: ((video: HTMLVideoElement) => void) | null;
  isSettingPoster: boolean;
}

/**
 * A video design (decision 058): played from the stored file with byte ranges, comments as markers
 * on the timeline (a marker or a comment lands on its time), Space to play or pause, arrows to step
 * a frame (a second with Shift), and, while paused, a click on the frame to pin a comment there
 * (a drag marks an area) at that moment.
 */
export function ViewerVideo({
  version,
  activeId,
  draft,
  onDraft,
  onActivate,
  onPlayhead,
  onUseFrame,
  isSettingPoster,
}: ViewerVideoProps) {
  const player = useVideoPlayer();
  const { seek, pause } = player;
  const pressed = useRef<{ x: number; y: number } | null>(null);

  const timed = useMemo(
    () =>
      version.fileCommentList.flatMap((comment, index) =>
        comment.atMs === null
          ? []
          : [{ id: comment.id, number: index + 1, atMs: comment.atMs, resolved: !comment.activeComment }],
      ),
    [version.fileCommentList],
  );
  const markers: TimelineMarker[] = timed;
  const atMsById = useMemo(() => new Map(timed.map((item) => [item.id, item.atMs])), [timed]);
  const pins = stagePins(version).filter((pin) => {
    const at = atMsById.get(pin.id);
    return at !== undefined && Math.abs(at - player.timeMs) <= PIN_WINDOW_MS;
  });

  useEffect(() => onPlayhead(Math.round(player.timeMs)), [player.timeMs, onPlayhead]);

  // A comment chosen (in the thread, on the timeline, by its link) seeks to its moment.
  useEffect(() => {
    const at = activeId ? atMsById.get(activeId) : undefined;
    if (at === undefined) return;
    pause();
    seek(at);
  }, [activeId, atMsById, pause, seek]);

  const placeOf = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: fraction((event.clientX - box.left) / box.width), y: fraction((event.clientY - box.top) / box.height) };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0 || (event.target as HTMLElement).closest("button")) return;
    pressed.current = placeOf(event);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = pressed.current;
    pressed.current = null;
    if (!start) return;
    if (player.playing || !onDraft) {
      player.toggle();
      return;
    }
    const end = placeOf(event);
    const [x, w] = [Math.min(start.x, end.x), Math.abs(end.x - start.x)];
    const [y, h] = [Math.min(start.y, end.y), Math.abs(end.y - start.y)];
    onDraft(toPin(w > DRAG_MIN || h > DRAG_MIN ? { x, y, w, h } : { x: end.x, y: end.y }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, select")) return;
    if (event.key === " " && !target.closest("button")) {
      event.preventDefault();
      player.toggle();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      // The video's arrows step through it; the viewer's Previous and Next buttons change files.
      event.preventDefault();
      event.stopPropagation();
      pause();
      const by = (event.shiftKey ? 1000 : FRAME_MS) * (event.key === "ArrowRight" ? 1 : -1);
      seek(player.timeMs + by);
    }
  };

  const shown = draft ?? null;
  return (
    <section aria-label={`Video player: ${version.name}`} onKeyDown={onKeyDown}>
      {/* The frame takes Space and the arrows itself (an application: screen readers pass them through). */}
      <div
        className={classes.videoFrame}
        role="application"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the frame is where Space and the arrows work; every action also has a button
        tabIndex={0}
        aria-label="Video frame: Space plays or pauses, arrows step"
      >
        <div
          className={classes.videoPicture}
          data-testid="design-frame"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
        >
          <video
            ref={player.ref}
            src={fileUrl(version.designerFileKey)}
            poster={version.posterKey ? fileUrl(version.posterKey) : undefined}
            preload="metadata"
            playsInline
            {...player.events}
          />
          <StagePins pins={pins} activePinId={activeId} zoom={1} onPinClick={onActivate} />
          {shown ? <DraftPin place={shown} /> : null}
        </div>
      </div>
      <Group gap="xs" mt="xs" wrap="wrap">
        <Button size="compact-sm" onClick={player.toggle} aria-label={player.playing ? "Pause" : "Play"}>
          {player.playing ? "Pause" : "Play"}
        </Button>
        <Text size="sm" aria-live="off" data-testid="video-time">
          {formatVideoTime(player.timeMs)} / {player.durationMs === null ? "--:--" : formatVideoTime(player.durationMs)}
        </Text>
        {onUseFrame ? (
          <Button
            size="compact-sm"
            variant="subtle"
            ml="auto"
            loading={isSettingPoster}
            onClick={() => {
              if (player.ref.current) onUseFrame(player.ref.current);
            }}
          >
            Use this frame as poster
          </Button>
        ) : null}
      </Group>
      <VideoTimeline
        durationMs={player.durationMs}
        timeMs={player.timeMs}
        markers={markers}
        activeId={activeId}
        onSeek={(ms) => {
          pause();
          seek(ms);
        }}
        onMarker={(id) => {
          // The comment already chosen: seek there again (choosing it once more changes nothing).
          const at = atMsById.get(id);
          if (id === activeId && at !== undefined) {
            pause();
            seek(at);
          } else onActivate(id);
        }}
      />
    </section>
  );
}
