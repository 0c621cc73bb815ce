import { z } from "zod";
import { emailSchema, passwordHashSchema, personNameSchema, textSchema } from "./common.ts";
import { userSchema } from "./user.ts";

export const loginSchema = z.object({
  email: emailSchema,
  password: passwordHashSchema,
});

export const sessionSchema = z.object({ token: z.string(), user: userSchema });
export type Session = z.infer<typeof sessionSchema>;

export const registerSchema = z.object({
  name: personNameSchema("Name"),
  surname: personNameSchema("Surname"),
  email: emailSchema,
  password: passwordHashSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });

export const passwordResetTokenSchema = z.object({
  email: emailSchema,
  token: textSchema("Token is required").min(1, { message: "Token is required" }).max(200),
});

export const passwordResetConfirmSchema = passwordResetTokenSchema.extend({ password: passwordHashSchema });

export const validitySchema = z.object({ valid: z.boolean() });

/** First admin, through the one-time setup link printed at first start. */
export const setupAdminSchema = registerSchema.extend({
  setup: textSchema("Setup key is required").min(1, { message: "Setup key is required" }).max(200),
});
