import { RESUMABLE_UPLOAD_PATH, type UploadPurpose } from "@atelier/shared";
import { type DetailedError, Upload } from "tus-js-client";
import { ApiError, networkError } from "../../lib/api-error.ts";
import { getToken } from "../../lib/token-storage.ts";

/**
 * Large files and videos go up in parts over the tus protocol (decision 058): a dropped connection
 * is retried from the last byte the server holds, and a file chosen again after a failure (or a
 * reload) resumes from there too (its fingerprint is kept in local storage until it is done).
 * This module is loaded only when such a file is chosen, so tus-js-client rides in no other chunk.
 */

const PART_BYTES = 64 * 1024 * 1024;
/** Waits before each retry after a drop; then the file shows as failed, and choosing it again resumes. */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

interface ResumableOptions {
  purpose: UploadPurpose;
  /** 0–1 as the server acknowledges bytes */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

function readError(error: Error | DetailedError): ApiError {
  const response = "originalResponse" in error ? error.originalResponse : null;
  if (!response) return networkError(true);
  let message: string | undefined;
  try {
    const body: unknown = JSON.parse(response.getBody());
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string") {
      message = body.message;
    }
  } catch {
    message = undefined;
  }
  const status = response.getStatus();
  return new ApiError({
    status,
    message: message ?? `Request failed with status ${status}`,
    hasServerMessage: message !== undefined,
    isAuthenticatedCall: true,
  });
}

/** The stored key: the last part of the upload's address (the server names uploads by their key). */
function keyOf(url: string | null): string {
  return url?.split("/").at(-1) ?? "";
}

export function uploadResumable(file: File, { purpose, onProgress, signal }: ResumableOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const token = getToken();
    const upload = new Upload(file, {
      endpoint: new URL(RESUMABLE_UPLOAD_PATH, window.location.origin).href,
      metadata: { filename: file.name, purpose },
      headers: token ? { "Auth-Token": token } : {},
      chunkSize: PART_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => {
        onProgress(1);
        resolve(keyOf(upload.url));
      },
      onError: (error) => reject(readError(error)),
    });
    if (signal.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    // Cancelled by the person: the server's partial copy goes too (terminate).
    signal.addEventListener(
      "abort",
      () => {
        upload.abort(true).catch(() => undefined);
        reject(new DOMException("Upload cancelled", "AbortError"));
      },
      { once: true },
    );
    upload
      .findPreviousUploads()
      .then((previous) => {
        const [latest] = previous;
        if (latest) upload.resumeFromPreviousUpload(latest);
        if (!signal.aborted) upload.start();
      })
      .catch(() => upload.start());
  });
}
