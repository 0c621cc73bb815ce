import { useCallback, useRef, useState } from "react";

/** One frame at 30 fps: what the arrow keys step by (with Shift, a second). */
export const FRAME_MS = 1000 / 30;

/**
 * The state of the viewer's <video>: its length, where it is, whether it plays. A WebM recorded in a
 * browser (MediaRecorder) says nothing of its length until read to the end, so the player seeks
 * far once to learn it, then goes back to the start.
 */
export function useVideoPlayer() {
  const ref = useRef<HTMLVideoElement>(null);
  const probing = useRef(false);
  const [durationMs, setDurationMs] = useState<number | null>(null);
  const [timeMs, setTimeMs] = useState(0);
  const [playing, setPlaying] = useState(false);

  const seek = useCallback((ms: number) => {
    const video = ref.current;
    if (!video) return;
    const end = Number.isFinite(video.duration) ? video.duration * 1000 : ms;
    const to = Math.min(Math.max(ms, 0), end);
    video.currentTime = to / 1000;
    setTimeMs(to);
  }, []);

  const toggle = useCallback(() => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => setPlaying(false));
    else video.pause();
  }, []);

  const pause = useCallback(() => ref.current?.pause(), []);

  const learnDuration = () => {
    const video = ref.current;
    if (!video) return;
    if (Number.isFinite(video.duration)) {
      setDurationMs(video.duration * 1000);
      if (probing.current) {
        probing.current = false;
        video.currentTime = 0;
        setTimeMs(0);
      }
    } else if (!probing.current) {
      probing.current = true;
      video.currentTime = Number.MAX_SAFE_INTEGER;
    }
  };

  const events = {
    onLoadedMetadata: learnDuration,
    onDurationChange: learnDuration,
    onTimeUpdate: () => {
      const video = ref.current;
      if (video && !probing.current) setTimeMs(video.currentTime * 1000);
    },
    onSeeked: () => {
      const video = ref.current;
      if (video && !probing.current) setTimeMs(video.currentTime * 1000);
    },
    onPlay: () => setPlaying(true),
    onPause: () => setPlaying(false),
    onEnded: () => setPlaying(false),
  };

  return { ref, events, durationMs, timeMs, playing, seek, toggle, pause };
}
