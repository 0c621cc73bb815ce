import { contract } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { clientAddress } from "../../core/rate-limit/route-limits.ts";
import { ok, openRoute, route } from "../../core/route.ts";
import { deviceOf } from "../../core/sessions/service.ts";
import { confirmPasswordReset, isPasswordResetValid, requestPasswordReset } from "./service/password-reset.ts";
import { isSetupKeyValid, setupFirstAdmin } from "./service/setup-key.ts";
import { getSignedInUser, login, logout, register } from "./service/sign-in.ts";

const emailOf = (request: FastifyRequest) => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === "string" ? body.email.toLowerCase() : "";
};
const byIpAndEmail = (request: FastifyRequest) => `${clientAddress(request)}:${emailOf(request)}`;

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const a = contract.auth;
  const limits = ctx.config.rateLimits;

  // Every attempt counts per client address, whatever the e-mail; failures also count per
  // e-mail across addresses, in the service (SIGN_IN_FAILURES).
  openRoute(app, a.login, ({ actor, body, request }) => login(ctx, actor, { ...body, device: deviceOf(request) }), {
    rateLimit: { max: limits.login, timeWindow: "1 minute" },
  });
  openRoute(
    app,
    a.register,
    ({ actor, body, request }) => register(ctx, actor, { ...body, device: deviceOf(request) }),
    {
      rateLimit: { max: limits.register, timeWindow: "1 hour" },
    },
  );
  openRoute(
    app,
    a.requestPasswordReset,
    async ({ actor, body }) => {
      await requestPasswordReset(ctx, actor, body);
      return ok;
    },
    // Per mailbox from any address (mail bombing one person) and per address (spraying many).
    {
      rateLimit: [
        { max: limits.passwordReset, timeWindow: "15 minutes", keyBy: emailOf },
        { max: limits.passwordReset, timeWindow: "15 minutes" },
      ],
    },
  );
  openRoute(app, a.checkPasswordReset, async ({ actor, query }) => ({
    valid: await isPasswordResetValid(ctx, actor, query),
  }));
  openRoute(
    app,
    a.confirmPasswordReset,
    ({ actor, body, request }) => confirmPasswordReset(ctx, actor, { ...body, device: deviceOf(request) }),
    { rateLimit: { max: limits.passwordReset, timeWindow: "15 minutes", keyBy: byIpAndEmail } },
  );
  openRoute(app, a.checkSetup, async ({ actor, query }) => ({ valid: await isSetupKeyValid(ctx, actor, query) }));
  openRoute(
    app,
    a.setupAdmin,
    ({ actor, body, request }) => setupFirstAdmin(ctx, actor, { ...body, device: deviceOf(request) }),
    {
      rateLimit: { max: limits.register, timeWindow: "1 hour" },
    },
  );

  route(app, ctx, a.info, ({ actor }) => getSignedInUser(ctx, actor));
  route(app, ctx, a.logout, async ({ actor }) => {
    await logout(ctx, actor);
    return ok;
  });
}
