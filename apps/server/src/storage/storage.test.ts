import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3, type TestS3 } from "../../test/s3-server.ts";
import { loadConfig } from "../config.ts";
import { createStorage } from "./index.ts";
import { createLocalDiskStorage } from "./local-disk.ts";
import { createS3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

const log = pino({ level: "silent" });

interface Subject {
  storage: Storage;
  /** everything the adapter left behind, partial files included */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
}

async function localDisk(): Promise<Subject> {
  const root = await mkdtemp(path.join(tmpdir(), "atelier-storage-"));
  return {
    storage: createLocalDiskStorage(root),
    async leftovers() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
}

async function s3(): Promise<Subject> {
  const server = await startTestS3();
  return {
    storage: createS3Storage(server.settings, log),
    leftovers: () => server.keys(),
    close: () => server.close(),
  };
}

/** A body of unknown length, in chunks, that fails after `failAfter` bytes when given. */
function chunked(bytes: Buffer, options: { chunk?: number; failAfter?: number } = {}): Readable {
  const chunk = options.chunk ?? 64 * 1024;
  let offset = 0;
  return new Readable({
    read() {
      if (options.failAfter !== undefined && offset >= options.failAfter) {
        this.destroy(new Error("client went away"));
        return;
      }
      if (offset >= bytes.length) {
        this.push(null);
        return;
      }
      this.push(bytes.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
}

const read = async (storage: Storage, key: string, range?: { start: number; end: number }) => {
  const stored = await storage.get(key, range);
  return stored && { size: stored.size, bytes: await buffer(stored.stream) };
};
const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each([
  ["local disk", localDisk],
  ["S3", s3],
])("storage on %s", (_name, open) => {
  let subject: Subject;
  let storage: Storage;
  beforeAll(async () => {
    subject = await open();
    storage = subject.storage;
  });
  afterAll(async () => {
    await subject.close();
  });

  it("keeps bytes under a key and answers them whole, by range and by size", async () => {
    const bytes = Buffer.from("0123456789abcdef");
    expect(await storage.put("roundTrip_1", chunked(bytes, { chunk: 3 }))).toBe(16);
    expect(await storage.size("roundTrip_1")).toBe(16);
    expect(await read(storage, "roundTrip_1")).toEqual({ size: 16, bytes });
    // A range still reports the whole object's size (the route builds Content-Range from it).
    expect(await read(storage, "roundTrip_1", { start: 2, end: 5 })).toEqual({ size: 16, bytes: Buffer.from("2345") });
    expect(await read(storage, "roundTrip_1", { start: 15, end: 15 })).toEqual({ size: 16, bytes: Buffer.from("f") });
  });

  it("passes its readiness check while the store can be used", async () => {
    await expect(storage.check?.()).resolves.toBeUndefined();
  });

  it("replaces what a key held when it is written again", async () => {
    await storage.put("replaced.w96h96", Readable.from([Buffer.from("first version")]));
    await storage.put("replaced.w96h96", Readable.from([Buffer.from("second")]));
    expect(await read(storage, "replaced.w96h96")).toEqual({ size: 6, bytes: Buffer.from("second") });
  });

  it("streams a large body of unknown length in parts and counts it", async () => {
    const bytes = randomBytes(12 * 1024 * 1024 + 17);
    expect(await storage.put("large", chunked(bytes))).toBe(bytes.length);
    expect(await storage.size("large")).toBe(bytes.length);
    const whole = await read(storage, "large");
    expect(whole?.size).toBe(bytes.length);
    expect(sha(whole?.bytes ?? Buffer.alloc(0))).toBe(sha(bytes));
    // A range across the first part boundary (5 MB).
    const boundary = 5 * 1024 * 1024;
    const across = await read(storage, "large", { start: boundary - 3, end: boundary + 2 });
    expect(across?.bytes).toEqual(bytes.subarray(boundary - 3, boundary + 3));
  });

  it("answers null for a key that holds nothing, and removing it is no error", async () => {
    expect(await storage.get("never-written")).toBeNull();
    expect(await storage.get("never-written", { start: 0, end: 3 })).toBeNull();
    expect(await storage.size("never-written")).toBeNull();
    await expect(storage.remove("never-written")).resolves.toBeUndefined();
  });

  it("removes what it holds", async () => {
    await storage.put("removed", Readable.from([Buffer.from("bytes")]));
    await storage.remove("removed");
    expect(await storage.size("removed")).toBeNull();
    expect(await storage.get("removed")).toBeNull();
  });

  it.each([
    ["a small body", 1024, 200],
    ["a body past the first part", 6 * 1024 * 1024, 6 * 1024 * 1024 - 1024],
  ])("keeps nothing when %s fails, and throws the body's own error", async (_case, length, failAfter) => {
    const before = await subject.leftovers();
    const body = chunked(randomBytes(length), { failAfter });
    await expect(storage.put("failed", body)).rejects.toThrow("client went away");
    expect(await storage.size("failed")).toBeNull();
    expect(await storage.get("failed")).toBeNull();
    expect(await subject.leftovers()).toEqual(before);
  });

  it.each(["", "..", ".hidden", "../escape", "a/b", "a b", "ключ"])("refuses the key %j", async (key) => {
    await expect(storage.put(key, Readable.from([Buffer.from("x")]))).rejects.toThrow("Bad storage key");
    await expect(storage.get(key)).rejects.toThrow("Bad storage key");
    await expect(storage.size(key)).rejects.toThrow("Bad storage key");
    await expect(storage.remove(key)).rejects.toThrow("Bad storage key");
  });
});

describe("createStorage", () => {
  let server: TestS3;
  let dataDir: string;
  beforeAll(async () => {
    server = await startTestS3();
    dataDir = await mkdtemp(path.join(tmpdir(), "atelier-data-"));
  });
  afterAll(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("keeps files under DATA_DIR/files without S3_BUCKET, and in the bucket with it", async () => {
    const local = createStorage(loadConfig({ DATA_DIR: dataDir }), log);
    await local.put("on-disk", Readable.from([Buffer.from("disk")]));
    expect(await readdir(path.join(dataDir, "files", "on"))).toEqual(["on-disk"]);
    expect(await server.keys()).toEqual([]);

    const remote = createStorage(loadConfig({ DATA_DIR: dataDir, ...server.env }), log);
    await remote.put("in-bucket", Readable.from([Buffer.from("bucket")]));
    expect(await server.keys()).toEqual(["in-bucket"]);
    expect(await remote.size("on-disk")).toBeNull();
  });
});

describe("storage readiness checks", () => {
  it("local disk fails when its folder cannot be made", async () => {
    const parent = await mkdtemp(path.join(tmpdir(), "atelier-storage-"));
    try {
      // A file where the folder should be: nothing can be stored under it.
      await writeFile(path.join(parent, "files"), "not a folder");
      await expect(createLocalDiskStorage(path.join(parent, "files")).check?.()).rejects.toThrow();
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });

  it("S3 fails when the service is gone", async () => {
    const server = await startTestS3();
    const storage = createS3Storage(server.settings, log);
    await expect(storage.check?.()).resolves.toBeUndefined();
    await server.close();
    await expect(storage.check?.()).rejects.toThrow();
  });
});
