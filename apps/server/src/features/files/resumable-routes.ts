import { endpoint, MESSAGES, RESUMABLE_UPLOAD_PATH } from "@atelier/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../core/context.ts";
import { notFound } from "../../core/errors.ts";
import { authenticateRequest } from "../../core/sessions/service.ts";
import { createResumableUploads, type ResumableUploads } from "./service/resumable-upload.ts";

/**
 * The tus calls (creation, HEAD, PATCH, DELETE) are the protocol's, not JSON calls of the contract;
 * this description is what sign-in checks against (a session or a write-scoped API token).
 */
const resumableUpload = endpoint({
  method: "POST",
  path: RESUMABLE_UPLOAD_PATH,
  summary: "Upload a large file in parts over the tus protocol (resumable)",
  tag: "files",
  auth: true,
  response: z.unknown(),
});

const TUS_VERSION = "1.0.0";

/**
 * Resumable uploads (decision 058): Fastify authenticates and checks that the upload is the
 * caller's, then hands the raw request to @tus/server, which reads the body itself.
 */
export function registerResumableUploadRoutes(app: FastifyInstance, ctx: AppContext): ResumableUploads {
  const uploads = createResumableUploads(ctx);

  const handle = async (request: FastifyRequest, reply: FastifyReply, id: string | null): Promise<void> => {
    const actor = await authenticateRequest(ctx, request, resumableUpload);
    if (id !== null) {
      const owner = await uploads.ownerOf(id);
      if (owner === null && request.method === "HEAD") {
        // The last PATCH's answer may have been lost after the file was kept: say it is complete.
        const size = await uploads.finishedSize(actor, id);
        if (size === null) throw notFound();
        reply
          .status(200)
          .headers({
            "tus-resumable": TUS_VERSION,
            "upload-offset": size,
            "upload-length": size,
            "cache-control": "no-store",
          })
          .send();
        return;
      }
      // Another person's upload, a finished one, or none: all the same 404.
      if (owner !== actor.id) throw notFound();
    }
    uploads.actors.set(request.raw, actor);
    // The security headers the app's hooks set on this reply, kept for the raw answer tus writes.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    reply.hijack();
    await uploads.server.handle(request.raw, reply.raw);
  };

  const scoped = (scope: FastifyInstance, _options: unknown, done: (error?: Error) => void): void => {
    // The body is the file's bytes, which tus streams to disk: nothing here may read it.
    scope.addContentTypeParser("application/offset+octet-stream", (_request, _payload, parsed) => parsed(null));
    scope.route({
      method: "POST",
      url: RESUMABLE_UPLOAD_PATH,
      handler: (request, reply) => handle(request, reply, null),
    });
    scope.route({
      method: ["HEAD", "PATCH", "DELETE"],
      url: `${RESUMABLE_UPLOAD_PATH}/:id`,
      handler: (request, reply) => {
        const { id } = request.params as { id: string };
        if (!/^[A-Za-z0-9_-]{16,64}$/.test(id)) throw notFound(MESSAGES.notFound);
        return handle(request, reply, id);
      },
    });
    done();
  };
  void app.register(scoped);
  return uploads;
}
