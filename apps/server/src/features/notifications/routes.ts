import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { getNotificationSettings, updateNotificationSettings } from "./service/digest.ts";
import { listFeed, markNotificationsSeen, unreadCount } from "./service/feed.ts";
import {
  dismissPlatformNotification,
  listAllPlatformNotifications,
  listPlatformNotifications,
  publishPlatformNotification,
  withdrawPlatformNotification,
} from "./service/platform.ts";

export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.messages;
  route(app, ctx, c.feed, ({ actor, query }) => listFeed(ctx, actor, query));
  route(app, ctx, c.unreadCount, ({ actor }) => unreadCount(ctx, actor));
  route(app, ctx, c.seen, ({ actor, query }) => markNotificationsSeen(ctx, actor, query));
  route(app, ctx, c.settings, ({ actor }) => getNotificationSettings(ctx, actor));
  route(app, ctx, c.updateSettings, ({ actor, body }) => updateNotificationSettings(ctx, actor, body));
  const p = contract.platformNotifications;
  route(app, ctx, p.init, ({ actor }) => listPlatformNotifications(ctx, actor));
  route(app, ctx, p.dismiss, ({ actor, params }) => dismissPlatformNotification(ctx, actor, params.id));
  route(app, ctx, p.create, ({ actor, body }) => publishPlatformNotification(ctx, actor, body));
  route(app, ctx, p.list, ({ actor }) => listAllPlatformNotifications(ctx, actor));
  route(app, ctx, p.withdraw, ({ actor, params }) => withdrawPlatformNotification(ctx, actor, params.id));
}
