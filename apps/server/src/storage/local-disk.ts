import { randomBytes } from "node:crypto";
import { constants, createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkStorageKey, type Storage } from "./storage.ts";

export function createLocalDiskStorage(root: string): Storage {
  // Two-level fan-out keeps folders small.
  const fileFor = (key: string) => path.join(root, checkStorageKey(key).slice(0, 2), key);

  return {
    async put(key, body: Readable) {
      const target = fileFor(key);
      await mkdir(path.dirname(target), { recursive: true });
      // A unique partial name: two requests may write the same key at once (an image variant).
      const partial = `${target}.${randomBytes(6).toString("hex")}.partial`;
      const out = createWriteStream(partial);
      try {
        await pipeline(body, out);
        await rename(partial, target);
      } catch (error) {
        // The file is opened asynchronously: a body that fails first leaves the open still running,
        // and the file would appear after the removal. Once closed, it is there to remove.
        if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
        await rm(partial, { force: true });
        throw error;
      }
      return (await stat(target)).size;
    },
    async get(key, range) {
      const target = fileFor(key);
      const info = await stat(target).catch(() => null);
      if (!info) return null;
      return { size: info.size, stream: createReadStream(target, range) };
    },
    async size(key) {
      const info = await stat(fileFor(key)).catch(() => null);
      return info?.size ?? null;
    },
    async remove(key) {
      const target = fileFor(key);
      await rm(target, { force: true });
      // A write under this key that never finished (its process was killed) left a partial file.
      const partial = new RegExp(`^${key.replaceAll(".", "\\.")}\\.[0-9a-f]{12}\\.partial$`);
      const names = await readdir(path.dirname(target)).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => partial.test(name))
          .map((name) => rm(path.join(path.dirname(target), name), { force: true })),
      );
    },
    async check() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },
  };
}
