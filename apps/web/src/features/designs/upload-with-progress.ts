import { buildPath, filesContract, type UploadPurpose } from "@atelier/shared";
import { ApiError, networkError } from "../../lib/api-error.ts";
import { getToken } from "../../lib/token-storage.ts";

interface UploadOptions {
  purpose: UploadPurpose;
  /** 0–1 as the bytes leave the browser. */
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

function readError(xhr: XMLHttpRequest): ApiError {
  let message: string | undefined;
  try {
    const body: unknown = JSON.parse(xhr.responseText);
    if (body && typeof body === "object" && "message" in body && typeof body.message === "string")
      message = body.message;
  } catch {
    message = undefined;
  }
  return new ApiError({
    status: xhr.status,
    message: message ?? `Request failed with status ${xhr.status}`,
    hasServerMessage: message !== undefined,
    isAuthenticatedCall: true,
  });
}

/**
 * POST /upload/file with upload progress. fetch() cannot report the bytes sent, so this one call
 * uses XMLHttpRequest (SPEC §4's upload dialog shows a bar per file). Answers the stored key.
 */
export function uploadWithProgress(file: File, { purpose, onProgress, signal }: UploadOptions): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${buildPath(filesContract.upload.path, undefined)}?purpose=${purpose}`;
    xhr.open("POST", url);
    xhr.setRequestHeader("Accept", "application/json");
    const token = getToken();
    if (token) xhr.setRequestHeader("Auth-Token", token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(readError(xhr));
      const parsed = filesContract.upload.response.safeParse(JSON.parse(xhr.responseText));
      if (!parsed.success) return reject(networkError(true));
      onProgress(1);
      resolve(parsed.data.key);
    };
    xhr.onerror = () => reject(networkError(true));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    if (signal.aborted) return reject(new DOMException("Upload cancelled", "AbortError"));
    signal.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file.name);
    xhr.send(form);
  });
}
