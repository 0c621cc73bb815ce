import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("has working defaults for an empty environment", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.dataDir).toBe(path.resolve("./data"));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.uploadMaxBytes).toBe(200 * 1024 * 1024);
    expect(config.avatarMaxBytes).toBe(10 * 1024 * 1024);
    expect(config.rateLimits).toEqual({ login: 10, register: 20, passwordReset: 5 });
    expect(config.demo).toBe(false);
    expect(config.mailFrom).toBe("Atelier <no-reply@localhost>");
    expect(config.s3).toBeUndefined();
  });

  it("reads the settings it is given", () => {
    const config = loadConfig(
      {
        PORT: "8080",
        PUBLIC_URL: "https://atelier.example.com/",
        DATABASE_URL: "postgres://u@db:5432/atelier",
        AVATAR_MAX_MB: "2",
        RATE_LIMIT_LOGIN: "3",
      },
      ["--demo"],
    );
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe("https://atelier.example.com");
    expect(config.databaseUrl).toBe("postgres://u@db:5432/atelier");
    expect(config.avatarMaxBytes).toBe(2 * 1024 * 1024);
    expect(config.rateLimits.login).toBe(3);
    expect(config.demo).toBe(true);
    expect(config.mailFrom).toBe("Atelier <no-reply@atelier.example.com>");
  });

  it.each([
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://db/atelier"],
    ["PUBLIC_URL", "atelier.example.com"],
    ["SMTP_URL", "http://mail"],
    ["UPLOAD_MAX_MB", "-1"],
    ["RATE_LIMIT_LOGIN", "0"],
    ["LOG_LEVEL", "loud"],
    ["DEMO", "yes"],
    ["S3_BUCKET", "My_Files"],
    ["S3_BUCKET", "ab"],
    ["S3_ENDPOINT", "s3.example.com"],
    ["S3_ENDPOINT", "ftp://s3.example.com"],
    ["S3_REGION", "EU West"],
    ["S3_FORCE_PATH_STYLE", "yes"],
  ])("stops on a bad %s with a message naming it", (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid settings:\\n\\s+${name}: `));
  });

  it("turns S3 storage on with S3_BUCKET and reads the other S3 settings", () => {
    expect(loadConfig({ S3_BUCKET: "atelier-files" }).s3).toEqual({
      bucket: "atelier-files",
      endpoint: undefined,
      region: "us-east-1",
      credentials: undefined,
      forcePathStyle: false,
    });
    const config = loadConfig({
      S3_BUCKET: "atelier-files",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_REGION: "eu-central-1",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_FORCE_PATH_STYLE: "1",
    });
    expect(config.s3).toEqual({
      bucket: "atelier-files",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-central-1",
      credentials: { accessKeyId: "id", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
  });

  it.each([
    ["S3_BUCKET", { S3_ENDPOINT: "http://127.0.0.1:9000" }],
    ["S3_SECRET_ACCESS_KEY", { S3_BUCKET: "atelier-files", S3_ACCESS_KEY_ID: "id" }],
    ["S3_ACCESS_KEY_ID", { S3_BUCKET: "atelier-files", S3_SECRET_ACCESS_KEY: "secret" }],
  ])("stops on a half-given S3 setup, naming the missing %s", (name, env) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`Invalid settings:\\n\\s+${name}: must be set`));
  });

  it("lists every bad setting at once", () => {
    expect(() => loadConfig({ PORT: "x", DATABASE_URL: "nope" })).toThrow(/PORT: .*\n\s+DATABASE_URL: /s);
  });
});
