import { z } from "zod";
import { sessionSchema } from "../schemas/auth.ts";
import { idParams, okSchema, textSchema } from "../schemas/common.ts";
import {
  dataExportSchema,
  deviceSessionSchema,
  gdprResultSchema,
  portfolioConnectSchema,
  portfolioShotsSchema,
  portfolioStatusSchema,
  recoveryCodesSchema,
  secondFactorLoginSchema,
  twoFactorCodeBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
} from "../schemas/privacy.ts";
import { endpoint } from "./endpoint.ts";

export const privacyContract = {
  // Contract decision: a refusal is status false with the reason (200), and changes nothing. With
  // status true every session of the caller has ended; the web signs out after 2000 ms (SPEC §9).
  gdprRequest: endpoint({
    method: "POST",
    path: "/v3/project/gdprRequest",
    summary: "Remove all of the caller's personal information for good",
    tag: "privacy",
    auth: true,
    sessionOnly: true,
    response: gdprResultSchema,
  }),
  startExport: endpoint({
    method: "POST",
    path: "/profile/export",
    summary: "Start building a zip of everything held about the caller (one at a time)",
    tag: "privacy",
    auth: true,
    errors: ["CONFLICT"],
    response: dataExportSchema,
  }),
  latestExport: endpoint({
    method: "GET",
    path: "/profile/export",
    summary: "The caller's latest data export and its progress (null when none)",
    tag: "privacy",
    auth: true,
    response: z.object({ export: dataExportSchema.nullable() }),
  }),
  // A capability link (like /serve/s/{key}): the random token in the path is the permission, so a
  // plain browser download works; it expires with the export.
  downloadExport: endpoint({
    method: "GET",
    path: "/profile/export/download/:token",
    summary: "The zip of a ready data export",
    tag: "privacy",
    auth: false,
    answer: "binary",
    params: z.object({ token: textSchema().max(200) }),
    response: z.unknown(),
  }),
  listSessions: endpoint({
    method: "GET",
    path: "/profile/sessions",
    summary: "The caller's signed-in devices",
    tag: "privacy",
    auth: true,
    sessionOnly: true,
    response: z.object({ items: z.array(deviceSessionSchema) }),
  }),
  revokeSession: endpoint({
    method: "DELETE",
    path: "/profile/sessions/:id",
    summary: "Sign one of the caller's devices out",
    tag: "privacy",
    auth: true,
    sessionOnly: true,
    params: idParams,
    response: okSchema,
  }),
};

export const twoFactorContract = {
  // Contract decision: with two-factor sign-in on, /auth/login answers a challenge instead of a
  // session; this call completes it with a code (or a recovery code). Rate-limited like the
  // password, and a challenge takes at most 5 wrong codes.
  completeLogin: endpoint({
    method: "POST",
    path: "/auth/login/secondFactor",
    summary: "Finish signing in with the authenticator code",
    tag: "auth",
    auth: false,
    body: secondFactorLoginSchema,
    response: sessionSchema,
  }),
  status: endpoint({
    method: "GET",
    path: "/profile/twoFactor",
    summary: "Whether the caller's two-factor sign-in is on",
    tag: "twoFactor",
    auth: true,
    sessionOnly: true,
    beforeSecondFactor: true,
    response: twoFactorStatusSchema,
  }),
  setup: endpoint({
    method: "POST",
    path: "/profile/twoFactor/setup",
    summary: "A new secret and its QR code; it counts once a code from it is confirmed",
    tag: "twoFactor",
    auth: true,
    sessionOnly: true,
    errors: ["CONFLICT"],
    beforeSecondFactor: true,
    response: twoFactorSetupSchema,
  }),
  enable: endpoint({
    method: "POST",
    path: "/profile/twoFactor/enable",
    summary: "Confirm a code of the new secret; answers ten recovery codes, shown once",
    tag: "twoFactor",
    auth: true,
    sessionOnly: true,
    errors: ["CONFLICT"],
    beforeSecondFactor: true,
    body: twoFactorCodeBodySchema,
    response: recoveryCodesSchema,
  }),
  disable: endpoint({
    method: "POST",
    path: "/profile/twoFactor/disable",
    summary: "Turn two-factor sign-in off with a current code or a recovery code",
    tag: "twoFactor",
    auth: true,
    sessionOnly: true,
    body: twoFactorCodeBodySchema,
    response: okSchema,
  }),
  adminReset: endpoint({
    method: "POST",
    path: "/user/:id/twoFactor/reset",
    summary: "Admin: turn a user's two-factor sign-in off (lost device); recorded as an event",
    tag: "twoFactor",
    auth: true,
    sessionOnly: true,
    params: idParams,
    response: okSchema,
  }),
};

export const portfolioContract = {
  status: endpoint({
    method: "GET",
    path: "/profile/portfolio",
    summary: "Whether the caller's portfolio account is connected",
    tag: "portfolio",
    auth: true,
    response: portfolioStatusSchema,
  }),
  connect: endpoint({
    method: "POST",
    path: "/profile/portfolio",
    summary: "Connect the caller's portfolio account (designers; the token is stored encrypted)",
    tag: "portfolio",
    auth: true,
    body: portfolioConnectSchema,
    response: portfolioStatusSchema,
  }),
  disconnect: endpoint({
    method: "DELETE",
    path: "/profile/portfolio",
    summary: "Forget the caller's portfolio access token",
    tag: "portfolio",
    auth: true,
    response: portfolioStatusSchema,
  }),
  // Contract decision: never fails because of the portfolio service; a failure or a slow answer
  // is an empty list (logged once by the server).
  shots: endpoint({
    method: "GET",
    path: "/user/:id/shots",
    summary: "A designer's latest portfolio shots (empty when none or when the service fails)",
    tag: "portfolio",
    auth: true,
    params: idParams,
    response: portfolioShotsSchema,
  }),
};
