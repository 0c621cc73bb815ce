import { z } from "zod";
import { sessionSchema } from "./auth.ts";
import { idSchema, textSchema } from "./common.ts";

/**
 * The name every removed person's work shows under (SPEC §2 'remove all user information').
 * All in `name`, so surname redaction (SPEC §6) leaves it whole.
 */
export const DELETED_USER_NAME = { name: "Deleted user", surname: "" } as const;

/** `POST /v3/project/gdprRequest` (SPEC §7): refused with a sentence when `status` is false. */
export const gdprResultSchema = z.object({ status: z.boolean(), explanation: z.string() });
export type GdprResult = z.infer<typeof gdprResultSchema>;

// --- Two-factor sign-in (TOTP) ---

/** A six-digit authenticator code, or a recovery code (xxxxx-xxxxx), spaces ignored. */
export const secondFactorCodeSchema = textSchema("Code is required")
  .max(200)
  .transform((code) => code.replace(/\s+/g, "").toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { message: "Code is required" })
      .regex(/^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/, { message: "Enter the 6-digit code or a recovery code" }),
  );

/**
 * What every call that signs someone in answers (login, sign-up, password reset, invite accept,
 * onboarding, first-admin setup): a session, or, with two-factor sign-in on, the challenge for
 * the code step (`POST /auth/login/secondFactor` turns it into the session).
 */
export const secondFactorChallengeSchema = z.object({
  secondFactorRequired: z.literal(true),
  challenge: z.string(),
  /** epoch ms; after it the password must be given again */
  expiresAt: z.number(),
});
export type SecondFactorChallenge = z.infer<typeof secondFactorChallengeSchema>;
export const loginResultSchema = z.union([sessionSchema, secondFactorChallengeSchema]);
export type LoginResult = z.infer<typeof loginResultSchema>;

export const secondFactorLoginSchema = z.object({
  challenge: textSchema().min(1).max(200),
  code: secondFactorCodeSchema,
});

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** staff must turn it on (a setting) */
  required: z.boolean(),
  enabledAt: z.number().nullable(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorSetupSchema = z.object({
  /** base32, for typing into an app that cannot scan */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** the otpauth URL as an SVG QR code, a data: URL for an <img> */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorCodeBodySchema = z.object({ code: secondFactorCodeSchema });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

// --- Signed-in devices ---

export const deviceSessionSchema = z.object({
  id: idSchema,
  /** e.g. "Firefox on Windows"; "Unknown browser" without a User-Agent */
  browser: z.string(),
  /** the address the session was started from */
  place: z.string().nullable(),
  createdAt: z.number(),
  lastSeenAt: z.number(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

// --- Data export ---

export const DATA_EXPORT_STATUSES = ["queued", "running", "ready", "failed"] as const;
export const dataExportSchema = z.object({
  id: idSchema,
  status: z.enum(DATA_EXPORT_STATUSES),
  /** 0–100 */
  progress: z.number(),
  createdAt: z.number(),
  /** set when ready, until it expires: a link that needs no token */
  downloadUrl: z.string().nullable(),
  expiresAt: z.number().nullable(),
  size: z.number().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

// --- Portfolio ---

export const portfolioConnectSchema = z.object({
  accessToken: textSchema("Access token is required")
    .trim()
    .min(8, { message: "Access token is too short" })
    .max(500, { message: "Access token is too long" }),
});
export const portfolioStatusSchema = z.object({ connected: z.boolean(), connectedAt: z.number().nullable() });
export type PortfolioStatus = z.infer<typeof portfolioStatusSchema>;

export const portfolioShotSchema = z.object({ image: z.string(), title: z.string(), link: z.string() });
export type PortfolioShot = z.infer<typeof portfolioShotSchema>;
export const portfolioShotsSchema = z.object({ items: z.array(portfolioShotSchema) });
