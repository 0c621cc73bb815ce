import path from "node:path";
import type { Config } from "../config.ts";
import { createLocalDiskStorage } from "./local-disk.ts";
import type { Storage } from "./storage.ts";

export type { Storage, StoredObject } from "./storage.ts";

/** Local disk under DATA_DIR/files by default; S3-compatible storage when S3_* settings are given. */
export function createStorage(config: Config): Storage {
  return createLocalDiskStorage(path.join(config.dataDir, "files"));
}
