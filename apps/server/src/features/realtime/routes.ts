import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../core/context.ts";
import { eventStreamRoute } from "../../core/event-stream-route.ts";
import { route } from "../../core/route.ts";
import { createRealtimeHub } from "./service/hub.ts";
import { issueChannelToken } from "./service/init.ts";
import { acceptStreamToken, type StreamViewer, serveStream } from "./service/stream.ts";

export function registerRealtimeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.realtime;
  const hub = createRealtimeHub(ctx);
  app.addHook("onClose", () => hub.close());

  route(app, ctx, c.init, async ({ actor, params }) => issueChannelToken(ctx, actor, params.id));
  eventStreamRoute<typeof c.stream, StreamViewer>(
    app,
    ctx,
    c.stream,
    ({ stream, accepted, query }) => serveStream(ctx, hub, accepted, stream, query),
    {
      accept: ({ params, query }) => acceptStreamToken(ctx, { channelId: params.id, token: query.token }),
    },
  );
}
