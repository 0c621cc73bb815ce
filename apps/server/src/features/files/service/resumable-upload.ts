import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import type { IncomingMessage } from "node:http";
import path from "node:path";
import { MESSAGES, RESUMABLE_UPLOAD_PATH, RESUMABLE_UPLOAD_PURPOSES, type UploadPurpose } from "@atelier/shared";
import { FileStore } from "@tus/file-store";
import { Server, type ServerOptions } from "@tus/server";
import { fileTypeFromBuffer } from "file-type";
import type { Actor, AppContext } from "../../../core/context.ts";
import { newFileKey } from "../../../lib/tokens.ts";
import { findFileRow, insertFileRow } from "../repo/files.ts";
import { cleanFileName, formatBytes, SNIFF_BYTES } from "./upload.ts";

/** An unfinished upload's bytes are kept this long after it was created, then swept. */
export const RESUMABLE_UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;
/** Expired parts are swept when an upload starts, at most this often per instance. */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

type TusRequest = Parameters<NonNullable<ServerOptions["onUploadCreate"]>>[0];
type TusUpload = Parameters<NonNullable<ServerOptions["onUploadCreate"]>>[1];

/** A refusal in tus's terms: the status and a JSON body shaped like every other error of the API. */
function refusal(status: number, message: string): { status_code: number; body: string } {
  return { status_code: status, body: JSON.stringify({ message }) };
}

export interface ResumableUploads {
  server: Server;
  /** the person making the request, set by the route before tus sees it */
  actors: WeakMap<IncomingMessage, Actor>;
  /** Who started the unfinished upload `id`; null when there is none (finished, swept, never). */
  ownerOf(id: string): Promise<string | null>;
  /** A finished upload of this person's (its bytes are in storage now): its size, for a late HEAD. */
  finishedSize(actor: Actor, id: string): Promise<number | null>;
  /** Removes unfinished uploads older than the expiry (also done as uploads start, hourly). */
  sweep(): Promise<number>;
}

/**
 * Resumable uploads over the tus protocol (decision 058). The bytes arrive in a folder under
 * DATA_DIR; when the last byte is in, the file goes to storage under the upload's own id (a fresh
 * random file key, so the client knows its key from the upload's address) and becomes an upload
 * row exactly as `POST /upload/file` makes one: the type from the content, the same size cap.
 */
export function createResumableUploads(ctx: AppContext): ResumableUploads {
  const directory = path.join(ctx.config.dataDir, "uploads-in-progress");
  const store = new FileStore({ directory, expirationPeriodInMilliseconds: RESUMABLE_UPLOAD_EXPIRY_MS });
  const actors = new WeakMap<IncomingMessage, Actor>();
  const actorOf = (req: TusRequest): Actor => {
    const node = (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    const actor = node ? actors.get(node) : undefined;
    if (!actor) throw refusal(401, MESSAGES.notAuthenticated);
    return actor;
  };

  let lastSweep = 0;
  // Housekeeping rides on new uploads (no timer to stop): the parts of abandoned uploads go.
  const sweepNowAndThen = () => {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    store.deleteExpired().catch((error: unknown) => ctx.log.warn({ err: error }, "expired uploads not swept"));
  };

  const server = new Server({
    path: RESUMABLE_UPLOAD_PATH,
    datastore: store,
    // Same origin only: no Access-Control-Allow-Origin at all.
    allowedOrigins: [],
    relativeLocation: true,
    maxSize: ctx.config.uploadMaxBytes,
    namingFunction: () => newFileKey(),
    async onUploadCreate(req, upload) {
      const actor = actorOf(req);
      sweepNowAndThen();
      if (upload.size === 0) throw refusal(400, "The file is empty");
      const purpose = (upload.metadata?.purpose ?? "design") as UploadPurpose;
      if (!(RESUMABLE_UPLOAD_PURPOSES as readonly string[]).includes(purpose)) {
        throw refusal(400, "Only designs and attachments can be uploaded in parts");
      }
      // What the client sent is kept only as the name; the owner is ours to say.
      return {
        metadata: { filename: upload.metadata?.filename ?? "file", purpose, ownerId: actor.id },
      };
    },
    async onUploadFinish(req, upload) {
      await keepFinishedUpload(ctx, store, actorOf(req), upload);
      return {};
    },
    onResponseError: async (_req, error) => {
      const known = error as { status_code?: unknown };
      if (typeof known.status_code === "number") return undefined;
      ctx.log.error({ err: error }, "resumable upload failed");
      return refusal(500, MESSAGES.internal);
    },
  });

  return {
    server,
    actors,
    async ownerOf(id) {
      const upload = await store.getUpload(id).catch(() => null);
      return upload?.metadata?.ownerId ?? null;
    },
    async finishedSize(actor, id) {
      const row = await findFileRow(ctx.db, id);
      return row && row.ownerId === actor.id ? row.size : null;
    },
    sweep: () => store.deleteExpired(),
  };
}

/**
 * The last byte is in: sniff the type, move the bytes to storage under the upload's id and write
 * the upload row. The unfinished copy goes either way, so a refused file is not kept.
 */
async function keepFinishedUpload(ctx: AppContext, store: FileStore, actor: Actor, upload: TusUpload): Promise<void> {
  const source = path.join(store.directory, upload.id);
  try {
    const size = upload.size ?? upload.offset;
    if (size > ctx.config.uploadMaxBytes) {
      throw refusal(413, MESSAGES.fileTooLarge(formatBytes(ctx.config.uploadMaxBytes)));
    }
    const contentType = await sniffContentType(source);
    const stored = await ctx.storage.put(upload.id, createReadStream(source));
    try {
      await insertFileRow(ctx.db, {
        key: upload.id,
        ownerId: actor.id,
        purpose: (upload.metadata?.purpose ?? "design") as UploadPurpose,
        contentType,
        size: stored,
        originalName: cleanFileName(upload.metadata?.filename ?? "file"),
      });
    } catch (error) {
      await ctx.storage.remove(upload.id);
      throw error;
    }
  } finally {
    await store.remove(upload.id).catch((error: unknown) => {
      ctx.log.warn({ err: error, id: upload.id }, "finished upload's parts not removed");
    });
  }
}

async function sniffContentType(file: string): Promise<string> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return (await fileTypeFromBuffer(head.subarray(0, bytesRead)))?.mime ?? "application/octet-stream";
  } finally {
    await handle.close();
  }
}
