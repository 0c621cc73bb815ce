import { createRequire } from "node:module";
import { Readable } from "node:stream";
import { crc32 as nativeCrc32 } from "node:zlib";
import yazl from "yazl";

/**
 * yazl computes each entry's CRC-32 with buffer-crc32, in JavaScript (about 140 MB/s here), which
 * held a zip of stored images to a fraction of disk speed (bench, issue 8). Node's zlib.crc32
 * gives the same value natively (about 2 GB/s), so yazl's copy of buffer-crc32 is pointed at it
 * for the calls yazl makes (a Buffer and a numeric running value); any other call keeps the
 * original. Rejected: another zip writer (yazl is shared with the data export and well kept).
 */
type Crc32Module = { unsigned: (buffer: unknown, previous?: unknown) => number };
const yazlCrc32 = createRequire(createRequire(import.meta.url).resolve("yazl"))("buffer-crc32") as Crc32Module;
const jsUnsigned = yazlCrc32.unsigned;
yazlCrc32.unsigned = (buffer, previous) =>
  Buffer.isBuffer(buffer) && (previous === undefined || typeof previous === "number")
    ? nativeCrc32(buffer, previous ?? 0) >>> 0
    : jsUnsigned(buffer, previous);

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
