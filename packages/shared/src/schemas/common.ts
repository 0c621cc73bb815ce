import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PAGE_SIZE_MAX, TEXT_MAX, TIME_MAX } from "../limits.ts";
import { MESSAGES } from "../messages.ts";

/** PostgreSQL cannot store NUL (U+0000) in text; every other character is kept as sent. */
const hasNoNul = (text: string) => !text.includes("\u0000");

/**
 * The one text of every request: any string without NUL and at most TEXT_MAX characters (DESIGN
 * §11, doors have one keeper). Fields chain their own rules after it (trim, min, a lower max).
 * `message` is the answer when the value is not a string at all.
 */
export function textSchema(message?: string) {
  return z
    .string(message === undefined ? undefined : { message })
    .refine(hasNoNul, { message: MESSAGES.textHasNul })
    .max(TEXT_MAX, { message: MESSAGES.textTooLong(TEXT_MAX) });
}

/**
 * The one time of every request: epoch milliseconds from 1970-01-01 to the end of 9999-12-31
 * (or whole seconds, `unit: "s"`, for the plan period ends SPEC gives in seconds). PostgreSQL and
 * JavaScript dates both hold every such time, so no time reaches the database out of its range.
 * `message` is the answer when the value is not a whole number.
 */
export function timeSchema(options: { message?: string; unit?: "ms" | "s" } = {}) {
  return timeBounds(z.number(messageOf(options.message)), options);
}

/** The same time given as text in a URL query (`?from=…`). */
export function timeQuerySchema(options: { message?: string } = {}) {
  return timeBounds(z.coerce.number(messageOf(options.message)), options);
}

function messageOf(message: string | undefined) {
  return { message: message ?? MESSAGES.timeOutOfRange };
}

function timeBounds<T extends z.ZodNumber | z.ZodCoercedNumber>(
  schema: T,
  options: { message?: string; unit?: "ms" | "s" },
): T {
  const max = options.unit === "s" ? Math.floor(TIME_MAX / 1000) : TIME_MAX;
  return schema
    .int(messageOf(options.message))
    .min(0, { message: MESSAGES.timeOutOfRange })
    .max(max, { message: MESSAGES.timeOutOfRange }) as T;
}

export const idSchema = z.uuid({ message: "Must be a valid id" });
export const idParams = z.object({ id: idSchema });

export const emailSchema = textSchema("E-mail is required")
  .trim()
  .min(1, { message: "E-mail is required" })
  .max(EMAIL_MAX, { message: `E-mail must be at most ${EMAIL_MAX} characters` })
  .pipe(z.email({ message: "Must be a valid e-mail" }))
  .transform((email) => email.toLowerCase());

/** The browser sends the lowercase hex SHA-256 of the password (SPEC §5), never the password. */
export const passwordHashSchema = textSchema("Password is required").regex(/^[0-9a-f]{64}$/, {
  message: "Password must be sent as its SHA-256 hex digest",
});

export const personNameSchema = (label: string) =>
  textSchema(`${label} is required`)
    .trim()
    .min(1, { message: `${label} is required` })
    .max(NAME_MAX, { message: `${label} must be at most ${NAME_MAX} characters` });

/** A stored file's key as returned by `POST /upload/file`. */
export const fileKeySchema = textSchema().regex(/^[A-Za-z0-9_-]{22,64}$/, { message: "Must be a file key" });

export const okSchema = z.object({ success: z.literal(true) });

export function pageQuery(defaultLimit: number) {
  return {
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(defaultLimit)
      .transform((limit) => Math.min(limit, PAGE_SIZE_MAX)),
    cursor: textSchema().max(500).optional(),
  };
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
