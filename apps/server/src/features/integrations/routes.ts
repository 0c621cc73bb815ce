import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { binaryRoute } from "../../core/binary-route.ts";
import type { AppContext } from "../../core/context.ts";
import { ok, route } from "../../core/route.ts";
import {
  createApiToken,
  listEveryApiToken,
  listOwnApiTokens,
  revokeAnyApiToken,
  revokeOwnApiToken,
} from "./service/api-tokens.ts";
import { serveCalendarFeed } from "./service/calendar-document.ts";
import { createCalendarFeed, listCalendarFeeds, revokeCalendarFeed } from "./service/calendar-feeds.ts";

export function registerIntegrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const t = contract.apiTokens;
  route(app, ctx, t.list, ({ actor }) => listOwnApiTokens(ctx, actor));
  route(app, ctx, t.create, ({ actor, body }) => createApiToken(ctx, actor, body));
  route(app, ctx, t.revoke, async ({ actor, params }) => {
    await revokeOwnApiToken(ctx, actor, params);
    return ok;
  });
  route(app, ctx, t.adminList, ({ actor, query }) => listEveryApiToken(ctx, actor, query));
  route(app, ctx, t.adminRevoke, async ({ actor, params }) => {
    await revokeAnyApiToken(ctx, actor, params);
    return ok;
  });
  const c = contract.calendar;
  route(app, ctx, c.list, ({ actor }) => listCalendarFeeds(ctx, actor));
  route(app, ctx, c.create, ({ actor, params }) => createCalendarFeed(ctx, actor, params));
  route(app, ctx, c.revoke, async ({ actor, params }) => {
    await revokeCalendarFeed(ctx, actor, params);
    return ok;
  });
  binaryRoute(app, ctx, c.feed, ({ params }) => serveCalendarFeed(ctx, params));
}
