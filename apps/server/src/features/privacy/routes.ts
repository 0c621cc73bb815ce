import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { binaryRoute } from "../../core/binary-route.ts";
import type { AppContext } from "../../core/context.ts";
import { ok, route } from "../../core/route.ts";
import { requestErasure } from "./service/erasure.ts";
import { downloadExport, getLatestExport, startExport } from "./service/export.ts";
import { listDevices, signOutDevice } from "./service/sessions.ts";

export function registerPrivacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = contract.privacy;
  route(app, ctx, c.gdprRequest, ({ actor }) => requestErasure(ctx, actor));
  route(app, ctx, c.startExport, ({ actor }) => startExport(ctx, actor));
  route(app, ctx, c.latestExport, ({ actor }) => getLatestExport(ctx, actor));
  binaryRoute(app, ctx, c.downloadExport, ({ params }) => downloadExport(ctx, null, params));
  route(app, ctx, c.listSessions, ({ actor }) => listDevices(ctx, actor));
  route(app, ctx, c.revokeSession, async ({ actor, params }) => {
    await signOutDevice(ctx, actor, params);
    return ok;
  });
}
