import sharp from "sharp";
import type { AppContext } from "../../../core/context.ts";
import { findFileRow } from "../repo/files.ts";
import { IMAGE_FORMATS, MAX_INPUT_PIXELS } from "./serve.ts";

/**
 * Whether a stored upload is an image that decodes to the end, so it can be shown and resized.
 * A truncated or damaged image (its header may still say PNG) answers false and is shown as a
 * file card. The whole image is decoded once, shrunk on the way, and nothing is kept.
 */
export async function isPreviewableImage(ctx: AppContext, key: string): Promise<boolean> {
  const row = await findFileRow(ctx.db, key);
  if (!row || IMAGE_FORMATS[row.contentType] === undefined) return false;
  const stored = await ctx.storage.get(key);
  if (!stored) return false;
  const decoder = sharp({ limitInputPixels: MAX_INPUT_PIXELS }).resize(8, 8).raw();
  stored.stream.on("error", (error) => decoder.destroy(error));
  stored.stream.pipe(decoder);
  try {
    await decoder.toBuffer();
    return true;
  } catch {
    return false;
  }
}
