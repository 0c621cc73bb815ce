import { z } from "zod";
import { IMAGE_VARIANT_SIZES } from "../limits.ts";
import { textSchema } from "../schemas/common.ts";
import { endpoint } from "./endpoint.ts";

export const UPLOAD_PURPOSES = ["avatar", "design", "attachment"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
/**
 * What may arrive in parts over the tus protocol at `/upload/resumable` (decision 058): large
 * files. Avatars stay single requests (10 MB at most, images only).
 */
export const RESUMABLE_UPLOAD_PURPOSES = ["design", "attachment"] as const satisfies readonly UploadPurpose[];
/** The tus endpoint; each upload's address is `${RESUMABLE_UPLOAD_PATH}/{fileKey}`. */
export const RESUMABLE_UPLOAD_PATH = "/upload/resumable";

const variantSize = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .refine((size) => (IMAGE_VARIANT_SIZES as readonly number[]).includes(size), {
      message: `${name} must be one of ${IMAGE_VARIANT_SIZES.join(", ")}`,
    })
    .optional();

export const filesContract = {
  /**
   * `GET /serve/s/:key?w&h` (a capability link, no token). Contract decision: w and h are each
   * optional; given one, the other follows the image's aspect ratio; given both, the image is
   * cropped to cover. Non-images ignore them.
   */
  serve: endpoint({
    method: "GET",
    path: "/serve/s/:key",
    summary: "A stored file by key (capability link, no token); ?w&h gives a resized image",
    tag: "files",
    auth: false,
    answer: "binary",
    params: z.object({ key: textSchema().max(200) }),
    query: z.object({ w: variantSize("Width"), h: variantSize("Height") }),
    response: z.unknown(),
  }),
  upload: endpoint({
    method: "POST",
    path: "/upload/file",
    summary: "Upload one file (multipart field `file`); answers its key for /serve/s/{key}",
    tag: "files",
    auth: true,
    multipart: true,
    query: z.object({ purpose: z.enum(UPLOAD_PURPOSES).default("attachment") }),
    response: z.object({ key: z.string(), contentType: z.string(), size: z.number() }),
  }),
};

/** What an avatar may be, detected from the bytes (not the name or the declared type). */
export const AVATAR_CONTENT_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
