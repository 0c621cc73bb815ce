import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { listFeed, markNotificationsSeen, unreadCount } from "./service/feed.ts";

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.messages;
  route(app, ctx, c.feed, ({ actor, query }) => listFeed(ctx, actor, query));
  route(app, ctx, c.unreadCount, ({ actor }) => unreadCount(ctx, actor));
  route(app, ctx, c.seen, ({ actor, query }) => markNotificationsSeen(ctx, actor, query));
}
