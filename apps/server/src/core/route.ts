import type { Endpoint, EndpointParsed, EndpointResponse } from "@atelier/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Actor, AppContext } from "./context.ts";
import { authenticateRequest } from "./sessions/service.ts";

/** The answer of calls that only confirm they were done. */
export const ok = { success: true as const };

interface RouteOptions {
  /**
   * Requests per window per client (429 beyond). With `keyBy` the count runs after the body is
   * parsed and validated, so the key can use it (an e-mail); invalid input does not count.
   */
  rateLimit?: { max: number; timeWindow: string; keyBy?: (request: FastifyRequest) => string };
}

type Handler<E extends Endpoint, A> = (
  input: EndpointParsed<E> & { actor: A; request: FastifyRequest; reply: FastifyReply },
) => Promise<EndpointResponse<E>>;

/**
 * Registers one contract endpoint: its schemas validate input and output and feed OpenAPI;
 * the token is checked before the handler runs. Handlers stay thin: one service call.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: Handler<E, Actor>,
  options: RouteOptions = {},
): void {
  if (!endpoint.auth) throw new Error(`${endpoint.path} is open; register it with openRoute`);
  register(app, endpoint, options, async (request, reply) => {
    const actor = await authenticateRequest(ctx, request);
    return handler({ ...parsed<E>(request), actor, request, reply });
  });
}

/** An endpoint callable without a token (login, register, reset, invite lookup). */
export function openRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E, null>,
  options: RouteOptions = {},
): void {
  if (endpoint.auth) throw new Error(`${endpoint.path} needs a token; register it with route`);
  register(app, endpoint, options, (request, reply) => handler({ ...parsed<E>(request), actor: null, request, reply }));
}

function parsed<E extends Endpoint>(request: FastifyRequest): EndpointParsed<E> {
  return {
    params: request.params,
    query: request.query,
    body: request.body,
  } as EndpointParsed<E>;
}

function register(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const config: RouteShorthandOptions["config"] = {};
  if (options.rateLimit) {
    const { max, timeWindow, keyBy } = options.rateLimit;
    // @fastify/rate-limit counts in onRequest by default, before the body exists.
    const keyed = keyBy ? { keyGenerator: keyBy, hook: "preHandler" } : {};
    Object.assign(config, { rateLimit: { max, timeWindow, ...keyed } });
  }
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config,
    schema: {
      summary: endpoint.summary,
      tags: [endpoint.tag],
      ...(endpoint.auth ? { security: [{ authToken: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body && !endpoint.multipart ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response },
    },
    handler,
  });
}
