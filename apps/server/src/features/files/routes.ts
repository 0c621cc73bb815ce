import { contract, serveQuerySchema } from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../core/context.ts";
import { route } from "../../core/route.ts";
import { serveFile } from "./serve.ts";
import { maxUploadBytes, uploadFile } from "./upload.ts";

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function registerFilesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, contract.files.upload, async ({ actor, query, request }) => {
    // One byte over the cap, so the size check in the service sees the overflow rather than a
    // silently truncated file.
    const limits = { fileSize: maxUploadBytes(ctx.config, query.purpose) + 1 };
    const part = request.isMultipart() ? await request.file({ limits }) : undefined;
    const file = part?.fieldname === "file" ? { stream: part.file, filename: part.filename } : undefined;
    return uploadFile(ctx, actor, { purpose: query.purpose, file });
  });

  // Binary answer, so not a contract endpoint: registered here with the shared query schema.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/serve/s/:key",
    {
      schema: {
        summary: "A stored file by key (capability link, no token); ?w&h gives a resized image",
        tags: ["files"],
        params: z.object({ key: z.string().max(200) }),
        querystring: serveQuerySchema,
      },
    },
    async (request, reply) => {
      const served = await serveFile(ctx, null, {
        key: request.params.key,
        w: request.query.w,
        h: request.query.h,
        range: header(request.headers.range),
        ifNoneMatch: header(request.headers["if-none-match"]),
      });
      reply.status(served.status).headers(served.headers);
      return served.body ? reply.send(served.body) : reply.send();
    },
  );
}
