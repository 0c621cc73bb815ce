import type { Readable } from "node:stream";
import type { Endpoint, EndpointParsed } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Actor, AppContext } from "./context.ts";
import { actorFor, parsedInput, routeSchema } from "./route.ts";

/** Bytes with their own status and headers (content type, length, caching, ranges). */
export interface BinaryAnswer {
  status: number;
  headers: Record<string, string>;
  body: Readable | Buffer | null;
}

/**
 * Registers an endpoint whose answer is a file rather than JSON (`answer: "binary"`). Params and
 * query are validated by the contract as for any call; a token is checked when the endpoint
 * needs one (capability links such as /serve/s/{key} do not).
 */
export function binaryRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (input: EndpointParsed<E> & { actor: Actor | null; request: FastifyRequest }) => Promise<BinaryAnswer>,
): void {
  if (endpoint.answer !== "binary") throw new Error(`${endpoint.path} is not a binary endpoint`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    async handler(request, reply) {
      const actor = await actorFor(ctx, endpoint, request);
      const answer = await handler({ ...parsedInput<E>(request), actor, request });
      reply.status(answer.status).headers(answer.headers);
      return answer.body ? reply.send(answer.body) : reply.send();
    },
  });
}
