import type { Endpoint, EndpointParsed, EndpointResponse } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Actor, AppContext } from "./context.ts";
import { badInput } from "./errors.ts";
import { actorFor, parsedInput, routeSchema } from "./route.ts";

type BodyOf<E extends Endpoint> = EndpointParsed<E>["body"];

/**
 * Registers an endpoint that needs the body exactly as sent (`rawBody: true`): webhooks whose
 * signature is computed over the bytes. The handler checks the signature first, then calls
 * `parseBody` to validate the JSON against the contract (400 with fields, as for any call).
 */
export function rawBodyRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (
    input: Omit<EndpointParsed<E>, "body"> & {
      actor: Actor | null;
      request: FastifyRequest;
      rawBody: Buffer;
      parseBody(): BodyOf<E>;
    },
  ) => Promise<EndpointResponse<E>>,
  /** `bodyLimit`: the largest body in bytes (Fastify's 1 MB by default; a raw e-mail may be more) */
  options: { bodyLimit?: number } = {},
): void {
  if (!endpoint.rawBody) throw new Error(`${endpoint.path} does not declare rawBody`);
  // Its own plugin scope, so the buffer parser applies to this route alone.
  const scoped = (scope: FastifyInstance, _options: unknown, done: (error?: Error) => void): void => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, parsed) => parsed(null, body));
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: endpoint.method,
      url: endpoint.path,
      schema: routeSchema(endpoint),
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
      async handler(request) {
        const actor = await actorFor(ctx, endpoint, request);
        const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { params, query } = parsedInput<E>(request);
        return handler({ params, query, actor, request, rawBody, parseBody: () => parseJsonBody(endpoint, rawBody) });
      },
    });
    done();
  };
  void app.register(scoped);
}

function parseJsonBody<E extends Endpoint>(endpoint: E, rawBody: Buffer): BodyOf<E> {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString("utf8"));
  } catch {
    throw badInput({ body: "Body must be JSON" });
  }
  if (!endpoint.body) return json as BodyOf<E>;
  const result = endpoint.body.safeParse(json);
  if (result.success) return result.data as BodyOf<E>;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
  throw badInput(fields);
}
