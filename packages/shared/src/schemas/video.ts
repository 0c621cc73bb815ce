import { z } from "zod";
import { fileKeySchema, idSchema } from "./common.ts";

/**
 * Video designs (issue 23, part 2; decision 058): the types the viewer plays, the moment a comment
 * is about, and the poster call's input.
 */

/** What browsers play from the stored file (with byte ranges); other videos are file cards. */
export const PLAYABLE_VIDEO_TYPES = ["video/mp4", "video/webm"] as const;

export function isPlayableVideo(contentType: string): boolean {
  return (PLAYABLE_VIDEO_TYPES as readonly string[]).includes(contentType);
}

/** A design video is at most this long for a comment's time (ten hours): a bound, not a guess. */
export const VIDEO_AT_MS_MAX = 10 * 60 * 60 * 1000;

/** Types a poster may be (checked from its bytes): what every browser shows and sharp resizes. */
export const POSTER_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;

export const VIDEO_MESSAGES = {
  atMsNeedsVideo: "A time can only be given on a video",
  atMsRange: "The time must be a whole number of milliseconds from the start of the video",
  posterNeedsVideo: "Only a video has a poster",
  posterNotImage: "A poster must be a JPEG, PNG or WebP image",
} as const;

/** The moment on a video a comment is about, in milliseconds from the start. */
export const atMsSchema = z
  .number({ message: VIDEO_MESSAGES.atMsRange })
  .int({ message: VIDEO_MESSAGES.atMsRange })
  .min(0, { message: VIDEO_MESSAGES.atMsRange })
  .max(VIDEO_AT_MS_MAX, { message: VIDEO_MESSAGES.atMsRange });

/** `POST /v3/project/task/designPoster`: the caller's image upload becomes the video version's poster. */
export const setDesignPosterSchema = z.object({
  projectId: idSchema,
  taskId: idSchema,
  /** the video version (any version of the file) */
  designerFileUuid: idSchema,
  posterKey: fileKeySchema,
});
