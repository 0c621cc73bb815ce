import type { Readable } from "node:stream";
import { pipeline } from "node:stream";
import { AVATAR_CONTENT_TYPES, MESSAGES, type UploadPurpose } from "@atelier/shared";
import type { FastifyRequest } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { Config } from "../../../config.ts";
import type { Actor, AppContext } from "../../../core/context.ts";
import { AppError, badInput } from "../../../core/errors.ts";
import { limitSize, peekStream, SizeLimitError } from "../../../lib/streams.ts";
import { newFileKey } from "../../../lib/tokens.ts";
import { presentUploadedFile, type UploadedFile } from "../presenter.ts";
import { findFileRow, insertFileRow } from "../repo/files.ts";

/** Enough leading bytes for file-type to recognise every format it knows. */
export const SNIFF_BYTES = 4100;
const ORIGINAL_NAME_MAX = 255;
const MB = 1024 * 1024;

export interface IncomingFile {
  stream: Readable;
  filename: string;
}

/**
 * The `file` part of a multipart request; undefined when the request is not multipart or has no
 * such part. A body that cannot be read as multipart (no boundary, cut short inside the part
 * headers) is the client's error: 400, not 500. The parser's own limits keep their status (413).
 */
export async function incomingFile(
  request: FastifyRequest,
  limits: { fileSize: number },
): Promise<IncomingFile | undefined> {
  if (!request.isMultipart()) return undefined;
  const part = await request.file({ limits }).catch((error: unknown) => {
    throw hasStatus(error) ? error : unreadableUpload();
  });
  return part?.fieldname === "file" ? { stream: part.file, filename: part.filename } : undefined;
}

export function maxUploadBytes(config: Config, purpose: UploadPurpose): number {
  return purpose === "avatar" ? config.avatarMaxBytes : config.uploadMaxBytes;
}

/**
 * Streams one upload to storage under a fresh random key and records it. The type comes from the
 * first bytes, never from the name or the declared type; avatars must be plain raster images.
 */
export async function uploadFile(
  ctx: AppContext,
  actor: Actor,
  input: { purpose: UploadPurpose; file: IncomingFile | undefined },
): Promise<UploadedFile> {
  const { purpose, file } = input;
  if (!file) throw badInput({ file: MESSAGES.fileRequired });
  // The part's bytes stop arriving when the body is cut short (or the client goes away): whatever
  // fails once the part itself has failed is the client's upload, not the server; nothing is kept.
  const asUploadError = (error: unknown) =>
    (file.stream.errored || file.stream.readableAborted) && !hasStatus(error) ? unreadableUpload() : error;
  const { head, stream } = await peekStream(file.stream, SNIFF_BYTES).catch((error: unknown) => {
    throw asUploadError(error);
  });
  const contentType = (await fileTypeFromBuffer(head))?.mime ?? "application/octet-stream";
  if (head.length === 0) {
    stream.destroy();
    throw badInput({ file: "The file is empty" });
  }
  if (purpose === "avatar" && !isAvatarType(contentType)) {
    stream.destroy();
    throw new AppError("UNSUPPORTED_TYPE", MESSAGES.avatarTypeRefused);
  }

  const maxBytes = maxUploadBytes(ctx.config, purpose);
  const key = newFileKey();
  let size: number;
  try {
    size = await ctx.storage.put(
      key,
      pipeline(stream, limitSize(maxBytes), () => {}),
    );
  } catch (error) {
    if (error instanceof SizeLimitError) {
      throw new AppError("TOO_LARGE", MESSAGES.fileTooLarge(formatBytes(maxBytes)));
    }
    throw asUploadError(error);
  }

  try {
    const row = await insertFileRow(ctx.db, {
      key,
      ownerId: actor.id,
      purpose,
      contentType,
      size,
      originalName: cleanFileName(file.filename),
    });
    return presentUploadedFile(row);
  } catch (error) {
    // Bytes without a row would never be served or cleaned up.
    await ctx.storage.remove(key);
    throw error;
  }
}

/**
 * Whether `key` names an image the actor uploaded as an avatar (checked when an avatarKey is set).
 * A key alone is no claim: another user's upload (a customer's design, say) would otherwise be
 * shown to everyone as this user's face.
 */
export async function isOwnAvatarUpload(ctx: AppContext, actor: Actor, input: { key: string }): Promise<boolean> {
  const row = await findFileRow(ctx.db, input.key);
  return row !== undefined && row.ownerId === actor.id && row.purpose === "avatar" && isAvatarType(row.contentType);
}

function unreadableUpload(): AppError {
  return badInput({ file: MESSAGES.badUpload });
}

/** Errors of the HTTP layer (the multipart parser's limits) carry the status they answer. */
function hasStatus(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && typeof (error as { statusCode?: unknown }).statusCode === "number"
  );
}

function isAvatarType(contentType: string): boolean {
  return (AVATAR_CONTENT_TYPES as readonly string[]).includes(contentType);
}

export function formatBytes(bytes: number): string {
  return bytes >= MB ? `${Math.round((bytes / MB) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Keeps the name for display and downloads only: no paths, no control characters, bounded length. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).at(-1) ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return cleaned.slice(0, ORIGINAL_NAME_MAX) || "file";
}
