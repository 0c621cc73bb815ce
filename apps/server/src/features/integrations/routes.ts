import { contract, WEBHOOK_SENDS_PER_MINUTE } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { binaryRoute } from "../../core/binary-route.ts";
import type { AppContext } from "../../core/context.ts";
import { ok, route, scopedRoute } from "../../core/route.ts";
import { projectInPath } from "../../core/route-scope.ts";
import {
  createApiToken,
  listEveryApiToken,
  listOwnApiTokens,
  revokeAnyApiToken,
  revokeOwnApiToken,
} from "./service/api-tokens.ts";
import { serveCalendarFeed } from "./service/calendar-document.ts";
import { createCalendarFeed, listCalendarFeeds, revokeCalendarFeed } from "./service/calendar-feeds.ts";
import { listWebhookDeliveries, redeliverMessage, sendTestMessage } from "./service/webhook-log.ts";
import { changeWebhook, createWebhook, listScopeWebhooks, removeWebhook } from "./service/webhooks.ts";

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
  registerWebhookRoutes(app, ctx);
}

function registerWebhookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const w = contract.webhooks;
  route(app, ctx, w.list, ({ actor }) => listScopeWebhooks(ctx, actor, null));
  route(app, ctx, w.create, ({ actor, body }) => createWebhook(ctx, actor, { projectId: null, body }));
  scopedRoute(app, ctx, w.projectList, projectInPath, ({ actor, params, preloaded }) =>
    listScopeWebhooks(ctx, actor, params.id, preloaded),
  );
  scopedRoute(app, ctx, w.projectCreate, projectInPath, ({ actor, params, body, preloaded }) =>
    createWebhook(ctx, actor, { projectId: params.id, body }, preloaded),
  );
  route(app, ctx, w.update, ({ actor, params, body }) => changeWebhook(ctx, actor, { id: params.id, body }));
  route(app, ctx, w.remove, async ({ actor, params }) => {
    await removeWebhook(ctx, actor, params);
    return ok;
  });
  // Test messages and redeliveries share one count per person.
  const sends = {
    rateLimit: { max: WEBHOOK_SENDS_PER_MINUTE, timeWindow: "1 minute", keyBy: "user", name: "webhookSends" },
  } as const;
  route(app, ctx, w.sendTest, ({ actor, params }) => sendTestMessage(ctx, actor, params), sends);
  route(app, ctx, w.deliveries, ({ actor, params, query }) =>
    listWebhookDeliveries(ctx, actor, { id: params.id, ...query }),
  );
  route(app, ctx, w.redeliver, ({ actor, params }) => redeliverMessage(ctx, actor, params), sends);
}
