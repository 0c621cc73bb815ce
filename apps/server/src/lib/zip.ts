import { Readable } from "node:stream";
import yazl from "yazl";

/** One entry of a zip: bytes in memory (a JSON document) or a stream opened when its turn comes. */
export type ZipEntry =
  | { name: string; data: Buffer | string }
  | {
      name: string;
      open: () => Promise<Readable>;
      /** false stores the bytes as they are (images are already compressed); default true */
      compress?: boolean;
    };

/**
 * Writes a zip as a stream with yazl. Streamed entries are opened one at a time, when the
 * writer reaches them, so a large archive neither sits in memory nor holds every file open.
 * `onProgress(done, total)` is told as entries are reached. Shared by the data export and the
 * task-designs zip.
 */
export function writeZip(entries: ZipEntry[], onProgress?: (done: number, total: number) => void): Readable {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  const total = entries.length;
  for (const [index, entry] of entries.entries()) {
    if ("data" in entry) {
      const bytes = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, "utf8");
      zip.addBuffer(bytes, entry.name, { mtime });
      continue;
    }
    zip.addReadStreamLazy(entry.name, { mtime, compress: entry.compress ?? true }, (callback) => {
      onProgress?.(index, total);
      entry.open().then(
        (stream) => callback(null, stream),
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** A file name safe inside a zip: no folders, no control characters, at most 120 characters. */
export function zipSafeName(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, "_")
    .replace(/^\.+/, "_")
    .slice(0, 120);
  return cleaned || "file";
}
