import { DESIGN_MESSAGES, isPlayableVideo, type Pin, VIDEO_MESSAGES } from "@atelier/shared";
import { badInput } from "../../../core/errors.ts";

/**
 * Where a new comment may point (decision 058): a pin on an image; on a video, a time, and with
 * the time a pin or area on the frame shown then. A time anywhere else, or a pin on a video
 * without its time, is a 400 on that field.
 */
export function ensureCommentAnchor(
  file: { previewable: boolean; contentType: string },
  anchor: { pin: Pin | null; atMs: number | null },
): void {
  const video = isPlayableVideo(file.contentType);
  if (anchor.atMs !== null && !video) throw badInput({ atMs: VIDEO_MESSAGES.atMsNeedsVideo });
  if (anchor.pin && !file.previewable && !(video && anchor.atMs !== null)) {
    throw badInput({ pin: DESIGN_MESSAGES.pinNeedsImage });
  }
}
