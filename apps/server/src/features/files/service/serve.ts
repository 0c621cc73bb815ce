import { pipeline, type Readable } from "node:stream";
import { IMAGE_VARIANT_SIZES, PDF_CONTENT_TYPE } from "@atelier/shared";
import sharp, { type FormatEnum } from "sharp";
import type { AppContext } from "../../../core/context.ts";
import { AppError, notFound } from "../../../core/errors.ts";
import { findFileRow } from "../repo/files.ts";

/** Raster formats we show inline and resize; every other type is a download. */
export const IMAGE_FORMATS: Record<string, keyof FormatEnum> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/webp": "webp",
  "image/gif": "gif",
};
/** Refuse to decode decompression bombs (about 8k × 8k). */
export const MAX_INPUT_PIXELS = 64_000_000;
const YEAR_SECONDS = 31_536_000;

export interface ServeFileInput {
  key: string;
  w?: number | undefined;
  h?: number | undefined;
  range?: string | undefined;
  ifNoneMatch?: string | undefined;
}

export interface ServedFile {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/**
 * `/serve/s/:key`: the key is the capability (random, unguessable), so no token is asked.
 * Stored bytes never change under a key, so the key (plus the variant) is a strong ETag. An upload
 * can be removed (a design, an erased avatar, a stale zip), and then it must stop being served at
 * once: the answer is `private` (the browser may keep it, a shared cache or CDN may not) and the
 * file's row, which removal deletes in its transaction, is read on every request, variants included.
 */
export async function serveFile(ctx: AppContext, _actor: null, input: ServeFileInput): Promise<ServedFile> {
  const file = /^[A-Za-z0-9_-]{1,100}$/.test(input.key) ? await findFileRow(ctx.db, input.key) : undefined;
  if (!file) throw notFound();
  const sized = input.w !== undefined || input.h !== undefined;
  // A PDF asked for at a size answers its page-1 image (made by the designs feature's preview
  // job), resized like an image; without a size it is the document itself.
  const pagePreview = sized && file.contentType === PDF_CONTENT_TYPE;
  const format = pagePreview ? "png" : IMAGE_FORMATS[file.contentType];
  const wantsVariant = format !== undefined && sized;
  const storageKey = wantsVariant ? variantKey(file.key, input.w, input.h) : file.key;
  const etag = `"${storageKey}"`;
  const headers: Record<string, string> = {
    etag,
    "cache-control": `private, max-age=${YEAR_SECONDS}, immutable`,
    "content-type": pagePreview ? "image/png" : file.contentType,
    "x-content-type-options": "nosniff",
    // Even if a browser were to render the bytes as a document, nothing in it may run, and no
    // page may frame it. This replaces the app's policy (core/security-headers.ts) for files.
    "content-security-policy":
      "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
    "content-disposition": format ? "inline" : attachmentDisposition(file.originalName),
    "accept-ranges": "bytes",
  };
  if (matchesEtag(input.ifNoneMatch, etag)) return { status: 304, headers, body: null };

  if (wantsVariant && format) {
    await ensureVariant(ctx, pagePreview ? pdfPageKey(file.key) : file.key, storageKey, format, input);
  }
  const size = await ctx.storage.size(storageKey);
  if (size === null) {
    ctx.log.warn({ key: storageKey }, "file row without stored bytes");
    throw notFound();
  }
  const range = parseRange(input.range, size);
  if (range === "unsatisfiable") {
    return { status: 416, headers: { ...headers, "content-range": `bytes */${size}` }, body: null };
  }
  const stored = await ctx.storage.get(storageKey, range ?? undefined);
  if (!stored) throw notFound();
  if (range) {
    const partial = { "content-range": `bytes ${range.start}-${range.end}/${size}` };
    const length = String(range.end - range.start + 1);
    return { status: 206, headers: { ...headers, ...partial, "content-length": length }, body: stored.stream };
  }
  return { status: 200, headers: { ...headers, "content-length": String(size) }, body: stored.stream };
}

/** Where a PDF's page-1 image is stored, beside its bytes (removed with them: removal.ts). */
export function pdfPageKey(key: string): string {
  return `${key}.page1`;
}

export function variantKey(key: string, w: number | undefined, h: number | undefined): string {
  return `${key}.w${w ?? ""}h${h ?? ""}`;
}

const variantSizes = [undefined, ...IMAGE_VARIANT_SIZES];
/** Every resized copy an image may have in storage (`key.w{w}h{h}`). */
export function variantKeys(key: string): string[] {
  return variantSizes.flatMap((w) =>
    variantSizes.filter((h) => w !== undefined || h !== undefined).map((h) => variantKey(key, w, h)),
  );
}

/** Resizes once and keeps the result in storage, so later requests only read it. */
async function ensureVariant(
  ctx: AppContext,
  sourceKey: string,
  key: string,
  format: keyof FormatEnum,
  size: { w?: number | undefined; h?: number | undefined },
): Promise<void> {
  if ((await ctx.storage.size(key)) !== null) return;
  // A PDF whose preview is not made (yet, or ever: a damaged file) has no image to resize.
  const original = await ctx.storage.get(sourceKey);
  if (!original) throw notFound();
  const resizer = sharp({ limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: size.w, height: size.h, fit: "cover" })
    .toFormat(format);
  // A stored image that does not decode (truncated, damaged) is the file's fault, not ours: a
  // clear 422 rather than a 500. Only the decoder's own failure counts as that.
  let undecodable = false;
  resizer.once("error", () => {
    undecodable = true;
  });
  try {
    await ctx.storage.put(
      key,
      pipeline(original.stream, resizer, () => {}),
    );
  } catch (error) {
    if (undecodable) throw new AppError("UNPROCESSABLE", DAMAGED_IMAGE);
    throw error;
  }
}

export const DAMAGED_IMAGE = "This image is damaged and cannot be resized; download the file instead";

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const value = tag.trim().replace(/^W\//, "");
    return value === "*" || value === etag;
  });
}

/** One `bytes=` range (multi-range requests get the whole file, which HTTP allows). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const match = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  let start: number;
  let end: number;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
