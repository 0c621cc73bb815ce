import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PAGE_SIZE_MAX } from "../limits.ts";

export const idSchema = z.uuid({ message: "Must be a valid id" });
export const idParams = z.object({ id: idSchema });

export const emailSchema = z
  .string({ message: "E-mail is required" })
  .trim()
  .min(1, { message: "E-mail is required" })
  .max(EMAIL_MAX, { message: `E-mail must be at most ${EMAIL_MAX} characters` })
  .pipe(z.email({ message: "Must be a valid e-mail" }))
  .transform((email) => email.toLowerCase());

/** The browser sends the lowercase hex SHA-256 of the password (SPEC §5), never the password. */
export const passwordHashSchema = z
  .string({ message: "Password is required" })
  .regex(/^[0-9a-f]{64}$/, { message: "Password must be sent as its SHA-256 hex digest" });

export const personNameSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(NAME_MAX, { message: `${label} must be at most ${NAME_MAX} characters` });

/** A stored file's key as returned by `POST /upload/file`. */
export const fileKeySchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, { message: "Must be a file key" });

export const okSchema = z.object({ success: z.literal(true) });

export function pageQuery(defaultLimit: number) {
  return {
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .default(defaultLimit)
      .transform((limit) => Math.min(limit, PAGE_SIZE_MAX)),
    cursor: z.string().max(500).optional(),
  };
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}
