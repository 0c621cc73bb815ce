import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { ok, openRoute, route } from "../../core/route.ts";
import { deviceOf } from "../../core/sessions/service.ts";
import { completeSecondFactorLogin } from "./service/login.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  getTwoFactorStatus,
  resetTwoFactor,
  startTwoFactorSetup,
} from "./service/settings.ts";

export function registerTwoFactorRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.twoFactor;
  // Like the password: per client address, per minute; each challenge also takes at most 5 codes.
  openRoute(
    app,
    c.completeLogin,
    ({ actor, body, request }) => completeSecondFactorLogin(ctx, actor, { ...body, device: deviceOf(request) }),
    { rateLimit: { max: ctx.config.rateLimits.login, timeWindow: "1 minute" } },
  );
  route(app, ctx, c.status, ({ actor }) => getTwoFactorStatus(ctx, actor));
  route(app, ctx, c.setup, ({ actor }) => startTwoFactorSetup(ctx, actor));
  route(app, ctx, c.enable, ({ actor, body }) => enableTwoFactor(ctx, actor, body), {
    rateLimit: { max: ctx.config.rateLimits.login, timeWindow: "1 minute" },
  });
  route(
    app,
    ctx,
    c.disable,
    async ({ actor, body }) => {
      await disableTwoFactor(ctx, actor, body);
      return ok;
    },
    { rateLimit: { max: ctx.config.rateLimits.login, timeWindow: "1 minute" } },
  );
  route(app, ctx, c.adminReset, async ({ actor, params }) => {
    await resetTwoFactor(ctx, actor, params);
    return ok;
  });
}
