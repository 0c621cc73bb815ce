import { type ApiErrorBody, MESSAGES } from "@atelier/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./errors.ts";

/** What a 503 suggests: outside services that fail usually come back within seconds to a minute. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** One place that turns every failure into the JSON error of DESIGN §4. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { message: error.message, code: error.code };
      if (error.code === "UNAVAILABLE") {
        // Logged once here with what the outside service said; the caller is told to retry.
        request.log.warn({ err: error.cause }, "an outside service is unavailable");
        reply.header("retry-after", String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      }
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      if (error.fields) body.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "input";
        fields[field] ??= issue.message ?? "Invalid value";
      }
      const message = Object.values(fields)[0] ?? "Invalid input";
      return reply.status(400).send({ message, code: "BAD_INPUT", fields } satisfies ApiErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      // A plugin's own 429 (a global limit) names its wait in Retry-After: the text says it too.
      const wait = Number(reply.getHeader("retry-after"));
      const message = wait > 0 ? MESSAGES.tooManyRequestsFor(wait) : MESSAGES.tooManyRequests;
      return reply.status(429).send({ message, code: "RATE_LIMITED" });
    }
    if (status === 413 || error.code === "FST_REQ_FILE_TOO_LARGE") {
      return reply.status(413).send({ message: "File is too large", code: "TOO_LARGE" });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, wrong content type): safe to show.
      return reply.status(status).send({ message: error.message, code: "BAD_INPUT" });
    }
    request.log.error({ err: error }, "unexpected error");
    return reply.status(500).send({ message: MESSAGES.internal, code: "INTERNAL" });
  });

  app.setNotFoundHandler((_request, reply) => {
    return reply.status(404).send({ message: MESSAGES.notFound, code: "NOT_FOUND" });
  });
}
