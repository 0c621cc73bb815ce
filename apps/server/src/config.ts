import { isIP } from "node:net";
import path from "node:path";
import { API_TOKEN_CALLS_PER_MINUTE } from "@atelier/shared";
import { z } from "zod";

const MB = 1024 * 1024;

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const envSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
      .optional(),
    TLS_CERT_FILE: z.string().min(1).optional(),
    TLS_KEY_FILE: z.string().min(1).optional(),
    PUBLIC_URL: z.url({ message: "must be a URL such as https://atelier.example.com" }).optional(),
    PRODUCT_NAME: z.string().min(1).default("Atelier"),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    MAIL_RETRY_SECONDS: z.coerce.number().int().min(0).default(10),
    JOB_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(20),
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    JOB_RETRY_SECONDS: z.coerce.number().int().min(0).default(10),
    // Unset means on: recurring jobs (review reminders) run from pg-boss's schedule.
    JOB_SCHEDULES: z
      .enum(["0", "1", "true", "false"])
      .optional()
      .transform((value) => value !== "0" && value !== "false"),
    REALTIME_TOKEN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    NOTIFICATION_DIGEST_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    UPLOAD_MAX_MB: z.coerce.number().positive().default(200),
    AVATAR_MAX_MB: z.coerce.number().positive().default(10),
    INBOUND_DOMAIN: z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, {
        message: "must be a domain name such as reply.atelier.example.com",
      })
      .optional(),
    INBOUND_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    INBOUND_WEBHOOK_SECRET: z.string().min(32, { message: "must be at least 32 characters" }).optional(),
    INBOUND_MAX_MB: z.coerce.number().positive().max(100).default(25),
    DEMO: booleanFlag,
    // Unset means on: `--demo` gives the full workspace; the browser journeys ask for users only.
    DEMO_WORKSPACE: z
      .enum(["0", "1", "true", "false", ""])
      .optional()
      .transform((value) => value !== "0" && value !== "false"),
    DEMO_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    SHUTDOWN_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    METRICS_TOKEN: z.string().min(16, { message: "must be at least 16 characters" }).optional(),
    WEB_DIST: z.string().optional(),
    RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
    RATE_LIMIT_REGISTER: z.coerce.number().int().positive().default(20),
    RATE_LIMIT_PASSWORD_RESET: z.coerce.number().int().positive().default(5),
    RATE_LIMIT_INVITE: z.coerce.number().int().positive().default(30),
    RATE_LIMIT_API_TOKEN: z.coerce.number().int().positive().default(API_TOKEN_CALLS_PER_MINUTE),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed !== null) return parsed;
        ctx.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
        return z.NEVER;
      }),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, { message: "must start with redis:// or rediss://" })
      .optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: "must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens",
      })
      .optional(),
    S3_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be a URL such as https://s3.example.com" }).optional(),
    S3_REGION: z
      .string()
      .regex(/^[a-z0-9-]+$/, { message: "must be a region such as eu-west-1" })
      .default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanFlag,
    SECRETS_KEY: z
      .string()
      .min(32, { message: "must be at least 32 characters (e.g. 32 random bytes in base64)" })
      .optional(),
    TWO_FACTOR_REQUIRED_FOR_STAFF: booleanFlag,
    PORTFOLIO_API_URL: z
      .url({ protocol: /^https?$/, message: "must be a URL such as https://portfolio.example.com/v2" })
      .optional(),
    PORTFOLIO_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_/, { message: "must be a Stripe secret key (sk_… or rk_…)" })
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_/, { message: "must be a webhook signing secret (whsec_…)" })
      .optional(),
    STRIPE_API_BASE: z
      .url({ protocol: /^https?$/, message: "must be a URL such as http://127.0.0.1:12111" })
      .optional(),
    STRIPE_NETWORK_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
    WEBHOOK_ALLOW_PRIVATE: booleanFlag,
    WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    PAYMENT_BANK_IBAN: z
      .string()
      .transform((value) => value.replace(/\s+/g, "").toUpperCase())
      .refine(isValidIban, { message: "must be a valid IBAN" })
      .optional(),
    PAYMENT_BANK_BIC: z
      .string()
      .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, { message: "must be a BIC of 8 or 11 characters" })
      .optional(),
    PAYMENT_BANK_BENEFICIARY: z.string().trim().min(1).max(70, { message: "must be at most 70 characters" }).optional(),
    PAYMENT_BTC_ADDRESS: z
      .string()
      .regex(/^(bc1[ac-hj-np-z02-9]{11,71}|[13][a-km-zA-HJ-NP-Z1-9]{25,34}|tb1[ac-hj-np-z02-9]{11,71})$/, {
        message: "must be a bitcoin address",
      })
      .optional(),
  })
  .superRefine((e, ctx) => {
    // A half-given S3 setup would silently fall back to local disk or to other credentials.
    const s3Named = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
    if (!e.S3_BUCKET && s3Named.some((name) => e[name] !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "must be set when other S3_ settings are" });
    }
    if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
      const missing = e.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: "must be set with the other S3 key" });
    }
    // Webhooks are what sets a card-paid plan: a key without the webhook secret would take money
    // and never change the project.
    if ((e.STRIPE_SECRET_KEY === undefined) !== (e.STRIPE_WEBHOOK_SECRET === undefined)) {
      const missing = e.STRIPE_SECRET_KEY === undefined ? "STRIPE_SECRET_KEY" : "STRIPE_WEBHOOK_SECRET";
      ctx.addIssue({ code: "custom", path: [missing], message: "must be set with the other Stripe setting" });
    }
    // Without a domain no notification carries a reply address: a listener would wait for nothing.
    if (!e.INBOUND_DOMAIN && (e.INBOUND_SMTP_PORT !== undefined || e.INBOUND_WEBHOOK_SECRET !== undefined)) {
      ctx.addIssue({ code: "custom", path: ["INBOUND_DOMAIN"], message: "must be set when INBOUND_ settings are" });
    }
    if ((e.TLS_CERT_FILE === undefined) !== (e.TLS_KEY_FILE === undefined)) {
      const missing = e.TLS_CERT_FILE === undefined ? "TLS_CERT_FILE" : "TLS_KEY_FILE";
      ctx.addIssue({ code: "custom", path: [missing], message: "must be set with the other TLS file" });
    }
    if ((e.PAYMENT_BANK_IBAN === undefined) !== (e.PAYMENT_BANK_BENEFICIARY === undefined)) {
      const missing = e.PAYMENT_BANK_IBAN === undefined ? "PAYMENT_BANK_IBAN" : "PAYMENT_BANK_BENEFICIARY";
      ctx.addIssue({ code: "custom", path: [missing], message: "must be set with the other bank setting" });
    }
  });

const TRUST_PROXY_MESSAGE =
  "must be a hop count (such as 1) or the proxies' addresses (such as 10.0.0.2,10.1.0.0/16); " +
  "trusting every sender would let any client choose its own address";

/**
 * Which senders may say who the client is in X-Forwarded-For (Fastify's `trustProxy`): nobody
 * (unset, 0), the n nearest hops, or proxies by address, CIDR range or proxy-addr's names
 * (loopback, linklocal, uniquelocal). Null for anything else, `true` included.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = value?.trim() ?? "";
  if (text === "" || text === "0" || text === "false") return false;
  if (/^\d+$/.test(text)) return Number(text) <= 64 ? Number(text) : null;
  const entries = text.split(",").map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : null;
}

function isProxyAddress(entry: string): boolean {
  if (entry === "loopback" || entry === "linklocal" || entry === "uniquelocal") return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** ISO 13616 check: the rearranged IBAN read as a number is 1 modulo 97. */
function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

/** Card payments through Stripe (DESIGN §2 scale-out); unset: manual mode only. */
export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** a stand-in for Stripe's API (stripe-mock, tests); unset for Stripe itself */
  apiBase: URL | undefined;
  /** how often the SDK retries a failed request (with back-off) before the call answers 503 */
  networkRetries: number;
}

/** Where bank transfer and BTC orders are paid to; a method without its settings is not offered. */
export interface PaymentAccounts {
  bank: { iban: string; bic: string | null; beneficiary: string } | null;
  btcAddress: string | null;
}

/** S3-compatible file storage (AWS S3, MinIO, R2, …). */
export interface S3Settings {
  bucket: string;
  /** unset for AWS itself */
  endpoint: string | undefined;
  region: string;
  /** unset: the AWS SDK's own chain (AWS_* variables, instance role) */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Fastify's `trustProxy`: nobody, the n nearest hops, or these proxy addresses and ranges. */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  /**
   * set (by TLS_CERT_FILE and TLS_KEY_FILE, PEM files): the server speaks HTTPS itself, with HTTP/2
   * for browsers that offer it and HTTP/1.1 for the rest; unset: plain HTTP/1.1 (behind a proxy)
   */
  tls: { certFile: string; keyFile: string } | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  productName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** first wait before a mail the server refused is tried again (doubling after each failure) */
  mailRetrySeconds: number;
  /**
   * Background jobs (decision 028). `leaseSeconds`: a running job whose instance stops renewing it
   * (every third of this) is given up and retried; `maintenanceSeconds`: how often the fleet looks
   * for such jobs; `retrySeconds`: first wait before a job that calls an outside service (Stripe)
   * tries again, doubling after each failure; `schedules`: whether this instance keeps the
   * recurring jobs' clock (pg-boss's timekeeper; the API tests turn it off and tick by hand).
   */
  jobs: { leaseSeconds: number; maintenanceSeconds: number; retrySeconds: number; schedules: boolean };
  /** how long a realtime stream token is accepted; an open stream ends when it runs out */
  realtimeTokenSeconds: number;
  /** at most one notification e-mail digest per person per this many minutes */
  notificationDigestMinutes: number;
  uploadMaxBytes: number;
  avatarMaxBytes: number;
  /**
   * Replies by e-mail (decision 056): `domain` set, notification e-mails carry reply addresses
   * there; `smtpPort` set, the app listens for them over SMTP; `webhookSecret` set, a provider's
   * inbound webhook may post them; `maxBytes` caps one message
   */
  inbound: InboundMailSettings;
  demo: boolean;
  demoPassword: string | undefined;
  /** with `demo`: the full workspace (projects, tasks, designs…) rather than the four logins and one project */
  demoWorkspace: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  /** most PostgreSQL connections this instance opens for queries and jobs (LISTEN takes one more) */
  databasePoolMax: number;
  /** on SIGTERM: how long requests in flight and running jobs get before the process exits */
  shutdownSeconds: number;
  /** set: `GET /metrics` answers to `Authorization: Bearer <token>`; unset: there is no /metrics (404) */
  metricsToken: string | undefined;
  webDist: string;
  /**
   * requests per window: login per minute and register per hour per client address, reset per
   * 15 minutes per address and e-mail, invites per hour per inviter
   */
  /** per client address (login, register, reset), per inviter, and per API token (a minute each) */
  rateLimits: { login: number; register: number; passwordReset: number; invite: number; apiToken: number };
  /** who may name the client's address in X-Forwarded-For (TRUST_PROXY); false: nobody */
  trustProxy: TrustProxy;
  /** set: rate-limit counts live in Redis instead of the database */
  redisUrl: string | undefined;
  /** set (by S3_BUCKET): files live in S3-compatible storage instead of `dataDir/files` */
  s3: S3Settings | undefined;
  /** encrypts stored secrets (TOTP secrets, portfolio tokens); unset: a key file in `dataDir` */
  secretsKey: string | undefined;
  twoFactorRequiredForStaff: boolean;
  /** the portfolio service (user shots) and how long to wait for it */
  portfolio: { apiUrl: string | undefined; timeoutMs: number };
  /** set (by STRIPE_SECRET_KEY): card payments through Stripe */
  stripe: StripeSettings | undefined;
  payments: PaymentAccounts;
  /**
   * Webhooks out (decision 055). `allowPrivate`: URLs may reach loopback, private and link-local
   * addresses (tests, a receiver on the same network); `retrySeconds`: the first wait before a
   * failed delivery is tried again, doubling after each failure (at most an hour) for 24 hours.
   */
  webhooks: { allowPrivate: boolean; retrySeconds: number };
}

export interface InboundMailSettings {
  domain: string | undefined;
  smtpPort: number | undefined;
  webhookSecret: string | undefined;
  maxBytes: number;
}

export class ConfigError extends Error {}

/** Reads settings from the environment; a bad value stops the start with a message naming it. */
/**
 * The demo workspace's bank account when none is set, so its open bank-transfer order can exist:
 * the IBAN is the standard published example (it passes the checksum and belongs to nobody).
 */
const DEMO_BANK_ACCOUNT = {
  iban: "DE89370400440532013000",
  bic: null,
  beneficiary: "Atelier demo (not a real account)",
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const scheme = e.TLS_CERT_FILE ? "https" : "http";
  const publicUrl = (e.PUBLIC_URL ?? `${scheme}://localhost:${e.PORT}`).replace(/\/$/, "");
  const isDemo = e.DEMO || argv.includes("--demo");
  return {
    port: e.PORT,
    host: e.HOST,
    tls:
      e.TLS_CERT_FILE && e.TLS_KEY_FILE
        ? { certFile: path.resolve(e.TLS_CERT_FILE), keyFile: path.resolve(e.TLS_KEY_FILE) }
        : undefined,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    productName: e.PRODUCT_NAME,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    jobs: {
      leaseSeconds: e.JOB_LEASE_SECONDS,
      maintenanceSeconds: e.JOB_MAINTENANCE_SECONDS,
      retrySeconds: e.JOB_RETRY_SECONDS,
      schedules: e.JOB_SCHEDULES,
    },
    realtimeTokenSeconds: e.REALTIME_TOKEN_SECONDS,
    notificationDigestMinutes: e.NOTIFICATION_DIGEST_MINUTES,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * MB),
    avatarMaxBytes: Math.round(e.AVATAR_MAX_MB * MB),
    inbound: {
      domain: e.INBOUND_DOMAIN?.toLowerCase(),
      smtpPort: e.INBOUND_SMTP_PORT,
      webhookSecret: e.INBOUND_WEBHOOK_SECRET,
      maxBytes: Math.round(e.INBOUND_MAX_MB * MB),
    },
    demo: isDemo,
    demoPassword: e.DEMO_PASSWORD,
    demoWorkspace: e.DEMO_WORKSPACE,
    logLevel: e.LOG_LEVEL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    shutdownSeconds: e.SHUTDOWN_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      register: e.RATE_LIMIT_REGISTER,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET,
      invite: e.RATE_LIMIT_INVITE,
      apiToken: e.RATE_LIMIT_API_TOKEN,
    },
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    secretsKey: e.SECRETS_KEY,
    twoFactorRequiredForStaff: e.TWO_FACTOR_REQUIRED_FOR_STAFF,
    portfolio: { apiUrl: e.PORTFOLIO_API_URL?.replace(/\/$/, ""), timeoutMs: e.PORTFOLIO_TIMEOUT_MS },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
            networkRetries: e.STRIPE_NETWORK_RETRIES,
          }
        : undefined,
    payments: {
      bank:
        e.PAYMENT_BANK_IBAN && e.PAYMENT_BANK_BENEFICIARY
          ? { iban: e.PAYMENT_BANK_IBAN, bic: e.PAYMENT_BANK_BIC ?? null, beneficiary: e.PAYMENT_BANK_BENEFICIARY }
          : isDemo && e.DEMO_WORKSPACE
            ? DEMO_BANK_ACCOUNT
            : null,
      btcAddress: e.PAYMENT_BTC_ADDRESS ?? null,
    },
    webhooks: { allowPrivate: e.WEBHOOK_ALLOW_PRIVATE, retrySeconds: e.WEBHOOK_RETRY_SECONDS },
  };
}
