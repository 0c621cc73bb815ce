import type { Readable } from "node:stream";

export interface StoredObject {
  /** the whole object's size, also when a range was asked for */
  size: number;
  stream: Readable;
}

/** Where file bytes live: local disk or S3-compatible storage (see index.ts). */
export interface Storage {
  /** Streams `body` under `key` and answers its size; if `body` fails, nothing is kept and its error is thrown. */
  put(key: string, body: Readable): Promise<number>;
  get(key: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Throws when the store cannot be used now (readiness): the bucket or folder is unreachable. */
  check?(): Promise<void>;
}

/**
 * Keys are URL-safe base64 (and variant suffixes such as `.w96h96`), never paths: one rule for
 * every adapter, so a key that works on local disk works in S3 and the other way round. A leading
 * dot is refused so `.` and `..` can never name a folder.
 */
export function checkStorageKey(key: string): string {
  if (!/^[A-Za-z0-9_-][A-Za-z0-9_.-]*$/.test(key)) throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
  return key;
}
