import { pipeline, Readable, Transform } from "node:stream";
import { MESSAGES } from "@atelier/shared";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Logger } from "pino";
import type { S3Settings } from "../config.ts";
import { unavailable } from "../core/errors.ts";
import { checkStorageKey, type Storage } from "./storage.ts";

/** S3's smallest multipart part; an upload holds at most (QUEUE_SIZE + 1) parts in memory. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
const CONNECT_TIMEOUT_MS = 5_000;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // An unreachable endpoint fails the request soon instead of hanging it; no overall timeout,
    // so a slow reader of a large file is not cut off.
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS },
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // The SDK's default CRC checksums (since early 2025) are refused by many S3-compatible
    // services; against AWS itself they stay on.
    ...(settings.endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
      : {}),
  });
}

/** Files as objects in one bucket, under the storage key itself (no prefix, no fan-out: S3 needs none). */
export function createS3Storage(settings: S3Settings, log: Logger, client = createS3Client(settings)): Storage {
  const Bucket = settings.bucket;

  return {
    async put(key, body) {
      const Key = checkStorageKey(key);
      let size = 0;
      let bodyError: unknown;
      body.on("error", (error) => {
        bodyError ??= error;
      });
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // Unknown length: Upload sends one PUT for a small body and a multipart upload for a large
      // one, which it aborts when the body fails, so no object appears under the key.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: pipeline(body, counter, () => {}) },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        if (bodyError === undefined) throw outageOr(error);
        // The caller needs the body's own error (a size limit, say), not a failed abort after it.
        if (error !== bodyError) log.warn({ err: error, key }, "S3 upload cleanup after a failed body did not finish");
        throw bodyError;
      }
      return size;
    },

    async get(key, range) {
      const Key = checkStorageKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        if (!(answer.Body instanceof Readable)) throw new Error("S3 answered without a readable body");
        const total = answer.ContentRange?.match(/\/(\d+)$/)?.[1];
        return { size: Number(total ?? answer.ContentLength ?? 0), stream: answer.Body };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw outageOr(error);
      }
    },

    async size(key) {
      const Key = checkStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw outageOr(error);
      }
    },

    async remove(key) {
      const Key = checkStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        throw outageOr(error);
      }
    },

    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
  };
}

/**
 * The object store down, failing (5xx) or throttling (429, 503 SlowDown), or not reachable at all
 * (no HTTP status: refused, reset, timed out) is an outage: 503, not 500. A refusal (403 wrong
 * credentials, 400) stays our error.
 */
function outageOr(error: unknown): unknown {
  // The SDK marks every error of a request it sent with `$metadata` (attempts, and the status if any).
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  if (!metadata) return error;
  const status = metadata.httpStatusCode;
  const isOutage = status === undefined || status === 429 || status >= 500;
  return isOutage && error instanceof Error ? unavailable(MESSAGES.storageUnavailable, error) : error;
}

/** By status rather than error class: S3-compatible services name a missing object differently. */
function isNotFound(error: unknown): boolean {
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return metadata?.httpStatusCode === 404;
}
