import { uploadWithProgress } from "./upload-with-progress.ts";

/** Posters are at most this wide: enough for the viewer, small for the thumbnails' source. */
const POSTER_WIDTH_MAX = 1280;
const POSTER_QUALITY = 0.85;
/** Where the automatic poster is taken: a second in, or earlier in a very short video. */
const POSTER_AT_SECONDS = 1;

/** The frame a video shows now, as a JPEG. Same-origin videos only (a cross-origin one taints the canvas). */
export function captureFrame(video: HTMLVideoElement): Promise<Blob> {
  const scale = Math.min(1, POSTER_WIDTH_MAX / Math.max(video.videoWidth, 1));
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(video.videoWidth * scale));
  canvas.height = Math.max(1, Math.round(video.videoHeight * scale));
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error("no 2D canvas"));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no frame"))), "image/jpeg", POSTER_QUALITY),
  );
}

function once(target: EventTarget, name: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = () => reject(new DOMException("Capture stopped", "AbortError"));
    if (signal.aborted) return fail();
    target.addEventListener(name, () => resolve(), { once: true });
    target.addEventListener("error", () => reject(new Error("the video cannot be decoded here")), { once: true });
    signal.addEventListener("abort", fail, { once: true });
  });
}

/**
 * The poster path that always works (decision 058): the browser of someone who may change the
 * file decodes the stored video (same origin, byte ranges), takes the frame a second in (or the
 * first frame of a video whose length is not known), and uploads it as a JPEG. Answers its key.
 */
export async function captureStoredPoster(src: string, signal: AbortSignal): Promise<string> {
  const video = document.createElement("video");
  video.muted = true;
  video.preload = "auto";
  video.playsInline = true;
  video.src = src;
  try {
    await once(video, "loadeddata", signal);
    const at = Number.isFinite(video.duration) ? Math.min(POSTER_AT_SECONDS, video.duration / 4) : 0;
    if (at > 0) {
      const seeked = once(video, "seeked", signal);
      video.currentTime = at;
      await seeked;
    }
    return await uploadFrame(video, signal);
  } finally {
    video.removeAttribute("src");
    video.load();
  }
}

/** Uploads the frame a video shows now; answers the poster's key. */
export async function uploadFrame(video: HTMLVideoElement, signal: AbortSignal): Promise<string> {
  const blob = await captureFrame(video);
  const file = new File([blob], "poster.jpg", { type: "image/jpeg" });
  return uploadWithProgress(file, { purpose: "design", onProgress: () => {}, signal });
}
