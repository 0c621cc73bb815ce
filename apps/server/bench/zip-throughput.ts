import { randomBytes } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { writeZip } from "../src/lib/zip.ts";
import { createLocalDiskStorage } from "../src/storage/local-disk.ts";
import type { Storage } from "../src/storage/storage.ts";
import type { BenchSummary } from "./summary.ts";

const MB = 1024 * 1024;
const FILE_MB = 5;
const TOTAL_MB = 200;

/**
 * Issue 8: a task's 200 MB of images zipped (storage → yazl, stored as images are → storage, as
 * the zip job does) against streaming the same files raw from storage to storage, in the same run.
 * Goal: zip ≥ 70% of the raw throughput, RSS growth ≤ 50 MB while zipping. Random bytes stand for
 * the images: already compressed, like PNG and JPEG, so they are stored, not deflated.
 */
export async function measureZipThroughput(dir: string, summary: BenchSummary): Promise<boolean> {
  const root = path.join(dir, "zip-bench");
  await mkdir(root, { recursive: true });
  const storage = createLocalDiskStorage(root);
  const keys: string[] = [];
  for (let i = 0; i < TOTAL_MB / FILE_MB; i++) {
    const key = `benchimage${String(i).padStart(4, "0")}`;
    await storage.put(key, Readable.from(chunks(FILE_MB * MB)));
    keys.push(key);
  }
  try {
    // Alternate twice and keep the faster of each, as the HTTP scenarios do.
    let raw = Number.POSITIVE_INFINITY;
    let zip = Number.POSITIVE_INFINITY;
    let rssGrowth = 0;
    for (let round = 0; round < 2; round++) {
      raw = Math.min(raw, await timed(() => copyRaw(storage, keys)));
      const measured = await withRss(() => timed(() => zipAll(storage, keys)));
      zip = Math.min(zip, measured.result);
      rssGrowth = Math.max(rssGrowth, measured.growth);
    }
    const rawMbs = TOTAL_MB / (raw / 1000);
    const zipMbs = TOTAL_MB / (zip / 1000);
    const ratio = zipMbs / rawMbs;
    const growthMb = rssGrowth / MB;
    console.log(`\nTask zip (issue 8): ${keys.length} images, ${TOTAL_MB} MB`);
    console.log(`  raw storage → storage   ${rawMbs.toFixed(0)} MB/s`);
    console.log(
      `  zip storage → storage   ${zipMbs.toFixed(0)} MB/s  (${(ratio * 100).toFixed(0)}% of raw; goal ≥ 70%)`,
    );
    console.log(`  RSS growth while zipping ${growthMb.toFixed(1)} MB (goal ≤ 50 MB)`);
    summary.atLeast("task zip: share of raw copy speed", ratio * 100, "%", 70);
    summary.atMost("task zip: RSS growth", growthMb, "MB", 50);
    return ratio >= 0.7 && growthMb <= 50;
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function* chunks(size: number): Generator<Buffer> {
  for (let left = size; left > 0; left -= MB) yield randomBytes(Math.min(MB, left));
}

async function open(storage: Storage, key: string): Promise<Readable> {
  const stored = await storage.get(key);
  if (!stored) throw new Error(`missing ${key}`);
  return stored.stream;
}

async function copyRaw(storage: Storage, keys: readonly string[]): Promise<void> {
  for (const [index, key] of keys.entries()) {
    await storage.put(`benchcopy${index}`, await open(storage, key));
    await storage.remove(`benchcopy${index}`);
  }
}

async function zipAll(storage: Storage, keys: readonly string[]): Promise<void> {
  const entries = keys.map((key) => ({ name: `${key}.png`, compress: false, open: () => open(storage, key) }));
  await storage.put("benchzip", writeZip(entries));
  await storage.remove("benchzip");
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** Peak RSS above the level before `work`, sampled every 20 ms. */
async function withRss<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, growth: peak - before };
  } finally {
    clearInterval(timer);
  }
}
