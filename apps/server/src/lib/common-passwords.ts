import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * The 100,000 most common passwords, as 40-bit prefixes of their SHA-256: the form the browser
 * sends (SPEC §5), so a common password is known by its pre-hash alone. Built by
 * scripts/build-common-passwords.mjs (where the list comes from, and the file's format).
 */
const FILE = path.join(import.meta.dirname, "common-passwords.bin");
const BUCKETS = 65_536;
const REST_BYTES = 3;

interface Table {
  bytes: Buffer;
  /** where each bucket's entries start, in entries; `starts[b + 1]` is where they end */
  starts: Uint32Array;
}

let table: Table | undefined;

function loadTable(): Table {
  const bytes = readFileSync(FILE);
  const starts = new Uint32Array(BUCKETS + 1);
  for (let bucket = 0; bucket < BUCKETS; bucket += 1) starts[bucket + 1] = (starts[bucket] ?? 0) + (bytes[bucket] ?? 0);
  if (BUCKETS + (starts[BUCKETS] ?? 0) * REST_BYTES !== bytes.length) throw new Error(`${FILE} is damaged`);
  return { bytes, starts };
}

/** Whether the pre-hash (lowercase hex SHA-256 of a password) is one of the common passwords'. */
export function isCommonPassword(preHash: string): boolean {
  table ??= loadTable();
  const bucket = Number.parseInt(preHash.slice(0, 4), 16);
  const rest = Number.parseInt(preHash.slice(4, 10), 16);
  if (!Number.isInteger(bucket) || !Number.isInteger(rest)) return false;
  let low = table.starts[bucket] ?? 0;
  let high = table.starts[bucket + 1] ?? 0;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = table.bytes.readUIntBE(BUCKETS + middle * REST_BYTES, REST_BYTES);
    if (entry === rest) return true;
    if (entry < rest) low = middle + 1;
    else high = middle;
  }
  return false;
}
