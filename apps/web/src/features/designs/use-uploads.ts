import type { UploadPurpose } from "@atelier/shared";
import { useCallback, useEffect, useRef, useState } from "react";
import { showApiError } from "../../ui/show-api-error.ts";
import { uploadWithProgress } from "./upload-with-progress.ts";

export type UploadState = "uploading" | "done" | "failed";

export interface UploadItem {
  id: number;
  name: string;
  size: number;
  contentType: string;
  /** 0–1 */
  progress: number;
  state: UploadState;
  key: string | null;
}

const UPLOAD_FAILED = "Unable to upload the file. Try again later!";

/** From this size on (and for every video) a file goes up in resumable parts (decision 058). */
const IN_PARTS_FROM_BYTES = 20 * 1024 * 1024;

type SendOptions = Parameters<typeof uploadWithProgress>[1];

/** One request for small files; resumable parts (tus, loaded on demand) for videos and large files. */
function sendFile(file: File, options: SendOptions): Promise<string> {
  const inParts = options.purpose !== "avatar" && (file.type.startsWith("video/") || file.size >= IN_PARTS_FROM_BYTES);
  if (!inParts) return uploadWithProgress(file, options);
  return import("./upload-resumable.ts").then(({ uploadResumable }) => uploadResumable(file, options));
}

/**
 * Files chosen in an upload dialog: each uploads at once with its own progress and can be cancelled
 * (aborting its request) or taken off. Closing the dialog aborts whatever is still on its way.
 */
export function useUploads(purpose: UploadPurpose) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);

  useEffect(() => {
    const open = controllers.current;
    return () => {
      for (const controller of open.values()) controller.abort();
    };
  }, []);

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const id = nextId.current++;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setItems((current) => [
          ...current,
          { id, name: file.name, size: file.size, contentType: file.type, progress: 0, state: "uploading", key: null },
        ]);
        sendFile(file, {
          purpose,
          signal: controller.signal,
          onProgress: (progress) => patch(id, { progress }),
        })
          .then((key) => patch(id, { key, state: "done", progress: 1 }))
          .catch((error: unknown) => {
            if (error instanceof DOMException && error.name === "AbortError") return;
            patch(id, { state: "failed" });
            showApiError(error, UPLOAD_FAILED);
          })
          .finally(() => controllers.current.delete(id));
      }
    },
    [purpose, patch],
  );

  /** Cancels an upload on its way, or takes a finished or failed one off the list. */
  const remove = useCallback((id: number) => {
    controllers.current.get(id)?.abort();
    controllers.current.delete(id);
    setItems((current) => current.filter((item) => item.id !== id));
  }, []);

  /** After sending: the list empties (nothing is on its way then). */
  const clear = useCallback(() => setItems([]), []);

  const uploading = items.some((item) => item.state === "uploading");
  const keys = items.flatMap((item) => (item.state === "done" && item.key ? [item.key] : []));
  return { items, add, remove, clear, uploading, keys };
}
