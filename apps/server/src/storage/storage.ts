import type { Readable } from "node:stream";

export interface StoredObject {
  size: number;
  stream: Readable;
}

/** Where file bytes live. Local disk now; S3-compatible storage implements the same. */
export interface Storage {
  put(key: string, body: Readable): Promise<number>;
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
}
