import { contract } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { clientAddress } from "../../core/rate-limit/route-limits.ts";
import { ok, openRoute, route } from "../../core/route.ts";
import { deviceOf } from "../../core/sessions/service.ts";
import * as auth from "./service.ts";

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
  openRoute(
    app,
    a.login,
    ({ actor, body, request }) => auth.login(ctx, actor, { ...body, device: deviceOf(request) }),
    { rateLimit: { max: limits.login, timeWindow: "1 minute" } },
  );
  openRoute(
    app,
    a.register,
    ({ actor, body, request }) => auth.register(ctx, actor, { ...body, device: deviceOf(request) }),
    {
      rateLimit: { max: limits.register, timeWindow: "1 hour" },
    },
  );
  openRoute(
    app,
    a.requestPasswordReset,
    async ({ actor, body }) => {
      await auth.requestPasswordReset(ctx, actor, body);
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
    valid: await auth.isPasswordResetValid(ctx, actor, query),
  }));
  openRoute(
    app,
    a.confirmPasswordReset,
    ({ actor, body, request }) => auth.confirmPasswordReset(ctx, actor, { ...body, device: deviceOf(request) }),
    { rateLimit: { max: limits.passwordReset, timeWindow: "15 minutes", keyBy: byIpAndEmail } },
  );
  openRoute(app, a.checkSetup, async ({ actor, query }) => ({ valid: await auth.isSetupKeyValid(ctx, actor, query) }));
  openRoute(
    app,
    a.setupAdmin,
    ({ actor, body, request }) => auth.setupFirstAdmin(ctx, actor, { ...body, device: deviceOf(request) }),
    {
      rateLimit: { max: limits.register, timeWindow: "1 hour" },
    },
  );

  route(app, ctx, a.info, ({ actor }) => auth.getSignedInUser(ctx, actor));
  route(app, ctx, a.logout, async ({ actor }) => {
    await auth.logout(ctx, actor);
    return ok;
  });
}
