import { contract } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { binaryRoute } from "../../core/binary-route.ts";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { registerResumableUploadRoutes } from "./resumable-routes.ts";
import { serveFile } from "./service/serve.ts";
import { incomingFile, maxUploadBytes, uploadFile } from "./service/upload.ts";

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function registerFilesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contract.files.upload, async ({ actor, query, request }) => {
    // One byte over the cap, so the size check in the service sees the overflow rather than a
    // silently truncated file.
    const limits = { fileSize: maxUploadBytes(ctx.config, query.purpose) + 1 };
    return uploadFile(ctx, actor, { purpose: query.purpose, file: await incomingFile(request, limits) });
  });

  binaryRoute(app, ctx, contract.files.serve, ({ params, query, request }) =>
    serveFile(ctx, null, {
      key: params.key,
      w: query.w,
      h: query.h,
      range: header(request.headers.range),
      ifNoneMatch: header(request.headers["if-none-match"]),
    }),
  );

  registerResumableUploadRoutes(app, ctx);
}
