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
    expect(config.rateLimits).toEqual({ login: 10, register: 20, passwordReset: 5, invite: 30, apiToken: 120 });
    expect(config.trustProxy).toBe(false);
    expect(config.redisUrl).toBeUndefined();
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

  it("gives the full demo an example bank account unless one is set, and DEMO_WORKSPACE=0 the plain demo", () => {
    const full = loadConfig({ DEMO: "1" });
    expect(full.demoWorkspace).toBe(true);
    expect(full.payments.bank?.iban).toBe("DE89370400440532013000");
    const plain = loadConfig({ DEMO: "1", DEMO_WORKSPACE: "0" });
    expect(plain.demoWorkspace).toBe(false);
    expect(plain.payments.bank).toBeNull();
    expect(loadConfig({}).payments.bank).toBeNull();
    const own = loadConfig({ DEMO: "1", PAYMENT_BANK_IBAN: "GB82WEST12345698765432", PAYMENT_BANK_BENEFICIARY: "Us" });
    expect(own.payments.bank?.beneficiary).toBe("Us");
  });

  it.each([
    [undefined, false],
    ["0", false],
    ["2", 2],
    ["10.0.0.2", ["10.0.0.2"]],
    ["10.0.0.0/8, fd00::/8,loopback", ["10.0.0.0/8", "fd00::/8", "loopback"]],
  ])("trusts X-Forwarded-For from TRUST_PROXY=%s as %j", (value, trusted) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trusted);
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
    ["TRUST_PROXY", "true"],
    ["TRUST_PROXY", "-1"],
    ["TRUST_PROXY", "proxy.example.com"],
    ["TRUST_PROXY", "10.0.0.0/33"],
    ["TRUST_PROXY", "10.0.0.1,"],
    ["REDIS_URL", "127.0.0.1:6379"],
    ["RATE_LIMIT_INVITE", "0"],
    ["RATE_LIMIT_API_TOKEN", "0"],
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

  it("reads the replies-by-e-mail settings, off by default, and refuses them without a domain", () => {
    expect(loadConfig({}).inbound).toEqual({
      domain: undefined,
      smtpPort: undefined,
      webhookSecret: undefined,
      maxBytes: 25 * 1024 * 1024,
    });
    const secret = "s".repeat(32);
    expect(
      loadConfig({
        INBOUND_DOMAIN: "Reply.Atelier.Example.com",
        INBOUND_SMTP_PORT: "2525",
        INBOUND_WEBHOOK_SECRET: secret,
        INBOUND_MAX_MB: "10",
      }).inbound,
    ).toEqual({
      domain: "reply.atelier.example.com",
      smtpPort: 2525,
      webhookSecret: secret,
      maxBytes: 10 * 1024 * 1024,
    });
    expect(() => loadConfig({ INBOUND_SMTP_PORT: "2525" })).toThrow(/INBOUND_DOMAIN: must be set/);
    expect(() => loadConfig({ INBOUND_DOMAIN: "not a domain" })).toThrow(/INBOUND_DOMAIN: must be a domain/);
    expect(() => loadConfig({ INBOUND_DOMAIN: "a.test", INBOUND_WEBHOOK_SECRET: "short" })).toThrow(
      /INBOUND_WEBHOOK_SECRET: must be at least 32/,
    );
  });

  it("takes cards through Stripe only with both Stripe settings, and reads the payment accounts", () => {
    const stripe = loadConfig({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: "whsec_456",
      STRIPE_API_BASE: "http://127.0.0.1:12111",
      PAYMENT_BANK_IBAN: "de89 3704 0044 0532 0130 00",
      PAYMENT_BANK_BENEFICIARY: "Atelier Studio GmbH",
      PAYMENT_BTC_ADDRESS: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    expect(stripe.stripe?.apiBase?.port).toBe("12111");
    expect(stripe.payments).toEqual({
      bank: { iban: "DE89370400440532013000", bic: null, beneficiary: "Atelier Studio GmbH" },
      btcAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    expect(loadConfig({}).stripe).toBeUndefined();
    expect(loadConfig({}).payments).toEqual({ bank: null, btcAddress: null });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => loadConfig({ PAYMENT_BANK_IBAN: "DE89370400440532013001", PAYMENT_BANK_BENEFICIARY: "X" })).toThrow(
      /PAYMENT_BANK_IBAN: must be a valid IBAN/,
    );
    expect(() => loadConfig({ PAYMENT_BTC_ADDRESS: "not-an-address" })).toThrow(/PAYMENT_BTC_ADDRESS/);
  });

  it("serves HTTPS itself only with both TLS files, and defaults the public URL to https then", () => {
    const secure = loadConfig({ TLS_CERT_FILE: "tls/cert.pem", TLS_KEY_FILE: "tls/key.pem", PORT: "8443" });
    expect(secure.tls).toEqual({ certFile: path.resolve("tls/cert.pem"), keyFile: path.resolve("tls/key.pem") });
    expect(secure.publicUrl).toBe("https://localhost:8443");
    expect(loadConfig({}).tls).toBeUndefined();
    expect(() => loadConfig({ TLS_CERT_FILE: "tls/cert.pem" })).toThrow(
      /TLS_KEY_FILE: must be set with the other TLS file/,
    );
  });

  it("reads the fleet settings: pool size, shutdown time, metrics token", () => {
    const defaults = loadConfig({});
    expect(defaults.databasePoolMax).toBe(10);
    expect(defaults.shutdownSeconds).toBe(25);
    expect(defaults.metricsToken).toBeUndefined();
    const fleet = loadConfig({
      DATABASE_POOL_MAX: "40",
      SHUTDOWN_SECONDS: "10",
      METRICS_TOKEN: "a-metrics-token-0123456789",
    });
    expect(fleet.databasePoolMax).toBe(40);
    expect(fleet.shutdownSeconds).toBe(10);
    expect(fleet.metricsToken).toBe("a-metrics-token-0123456789");
    expect(() => loadConfig({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX: /);
    expect(() => loadConfig({ SHUTDOWN_SECONDS: "soon" })).toThrow(/SHUTDOWN_SECONDS: /);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });

  it("lists every bad setting at once", () => {
    expect(() => loadConfig({ PORT: "x", DATABASE_URL: "nope" })).toThrow(/PORT: .*\n\s+DATABASE_URL: /s);
  });
});
