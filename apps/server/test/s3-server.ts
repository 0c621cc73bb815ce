import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Settings } from "../src/config.ts";
import { createS3Client } from "../src/storage/s3.ts";

/** A local S3-compatible server (s3rver) with one empty bucket, on a free loopback port. */
export interface TestS3 {
  settings: S3Settings;
  /** the same settings as S3_* environment values, for createTestApp */
  env: Record<string, string>;
  /** every object key in the bucket, sorted */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

// s3rver checks signatures against this fixed key pair.
const ACCESS_KEY = "S3RVER";

export async function startTestS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "atelier-s3-"));
  const bucket = "atelier-test";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings: S3Settings = {
    bucket,
    endpoint: `http://127.0.0.1:${port}`,
    region: "us-east-1",
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: ACCESS_KEY },
    forcePathStyle: true,
  };
  const client = createS3Client(settings);
  return {
    settings,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: settings.endpoint ?? "",
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
    },
    async close() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
