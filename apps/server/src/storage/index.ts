import path from "node:path";
import type { Logger } from "pino";
import type { Config } from "../config.ts";
import { createLocalDiskStorage } from "./local-disk.ts";
import { createS3Storage } from "./s3.ts";
import type { Storage } from "./storage.ts";

export type { StoredObject } from "./storage.ts";
export type { Storage };

/** S3-compatible storage when S3_BUCKET is set, otherwise files under DATA_DIR/files. */
export function createStorage(config: Config, log: Logger): Storage {
  if (!config.s3) return createLocalDiskStorage(path.join(config.dataDir, "files"));
  log.info({ bucket: config.s3.bucket, endpoint: config.s3.endpoint ?? "AWS" }, "files are stored in S3");
  return createS3Storage(config.s3, log);
}
