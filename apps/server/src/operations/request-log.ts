import type { FastifyInstance } from "fastify";
import { requestLogScope } from "../logger.ts";

/**
 * Runs each request inside its log scope (logger.ts), so lines written through the app's logger
 * while it runs carry its `reqId`, as Fastify's own request logger's lines do.
 */
export function registerRequestLogScope(app: FastifyInstance): void {
  app.addHook("onRequest", (request, _reply, done) => {
    requestLogScope.run({ reqId: request.id, requestLog: request.log }, done);
  });
}
