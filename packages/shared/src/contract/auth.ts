import { z } from "zod";
import {
  loginSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  passwordResetTokenSchema,
  registerSchema,
  setupAdminSchema,
  validitySchema,
} from "../schemas/auth.ts";
import { okSchema, textSchema } from "../schemas/common.ts";
import { loginResultSchema } from "../schemas/privacy.ts";
import { userSchema } from "../schemas/user.ts";
import { endpoint } from "./endpoint.ts";

const tag = "auth";

export const authContract = {
  login: endpoint({
    method: "POST",
    path: "/auth/login",
    summary: "Sign in with e-mail and the SHA-256 of the password",
    tag,
    auth: false,
    body: loginSchema,
    response: loginResultSchema,
  }),
  info: endpoint({
    method: "GET",
    path: "/auth/info",
    summary: "The signed-in user",
    tag,
    auth: true,
    beforeSecondFactor: true,
    response: userSchema,
  }),
  logout: endpoint({
    method: "GET",
    path: "/auth/logout",
    summary: "Revoke the current token",
    tag,
    auth: true,
    sessionOnly: true,
    beforeSecondFactor: true,
    response: okSchema,
  }),
  register: endpoint({
    method: "POST",
    path: "/auth/register",
    summary: "Customer self-signup; answers a session",
    tag,
    auth: false,
    errors: ["CONFLICT"],
    body: registerSchema,
    response: loginResultSchema,
  }),
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/auth/passwordReset",
    summary: "E-mail a reset link when the account exists; always answers success",
    tag,
    auth: false,
    body: passwordResetRequestSchema,
    response: okSchema,
  }),
  checkPasswordReset: endpoint({
    method: "GET",
    path: "/auth/passwordReset",
    summary: "Whether a reset link is still valid",
    tag,
    auth: false,
    query: passwordResetTokenSchema,
    response: validitySchema,
  }),
  // Contract decision: SPEC names no call for setting the new password; this one does it,
  // revokes every session of the user, and signs the user in with a fresh one, or, with two-factor
  // sign-in on, answers the code step's challenge as login does (the password is changed either way).
  confirmPasswordReset: endpoint({
    method: "POST",
    path: "/auth/passwordReset/confirm",
    summary: "Set a new password with a valid reset link",
    tag,
    auth: false,
    errors: ["RULE_REFUSED"],
    body: passwordResetConfirmSchema,
    response: loginResultSchema,
  }),
  // Contract decision: the first admin is created through /onboard?setup=KEY with these two calls.
  checkSetup: endpoint({
    method: "GET",
    path: "/auth/setup",
    summary: "Whether a first-admin setup key is valid",
    tag,
    auth: false,
    query: z.object({ setup: textSchema().max(200) }),
    response: validitySchema,
  }),
  setupAdmin: endpoint({
    method: "POST",
    path: "/auth/setup",
    summary: "Create the first admin with the one-time setup key",
    tag,
    auth: false,
    errors: ["RULE_REFUSED"],
    body: setupAdminSchema,
    response: loginResultSchema,
  }),
};
