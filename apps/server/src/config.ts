import path from "node:path";
import { z } from "zod";

const MB = 1024 * 1024;

const booleanFlag = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((value) => value === "1" || value === "true");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: "must start with postgres:// or postgresql://" })
    .optional(),
  PUBLIC_URL: z.url({ message: "must be a URL such as https://atelier.example.com" }).optional(),
  PRODUCT_NAME: z.string().min(1).default("Atelier"),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: "must start with smtp:// or smtps://" })
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(0).default(30),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(200),
  AVATAR_MAX_MB: z.coerce.number().positive().default(10),
  DEMO: booleanFlag,
  DEMO_PASSWORD: z.string().min(8, { message: "must be at least 8 characters" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_LOGIN: z.coerce.number().int().positive().default(10),
  RATE_LIMIT_REGISTER: z.coerce.number().int().positive().default(20),
  RATE_LIMIT_PASSWORD_RESET: z.coerce.number().int().positive().default(5),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  productName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** first wait before a mail the server refused is tried again (doubling after each failure) */
  mailRetrySeconds: number;
  uploadMaxBytes: number;
  avatarMaxBytes: number;
  demo: boolean;
  demoPassword: string | undefined;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  webDist: string;
  /** requests per window per client: login per minute, register per hour, reset per 15 minutes */
  rateLimits: { login: number; register: number; passwordReset: number };
}

export class ConfigError extends Error {}

/** Reads settings from the environment; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = []): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid settings:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    productName: e.PRODUCT_NAME,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.PRODUCT_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * MB),
    avatarMaxBytes: Math.round(e.AVATAR_MAX_MB * MB),
    demo: e.DEMO || argv.includes("--demo"),
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, "../../web/dist")),
    rateLimits: {
      login: e.RATE_LIMIT_LOGIN,
      register: e.RATE_LIMIT_REGISTER,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET,
    },
  };
}
