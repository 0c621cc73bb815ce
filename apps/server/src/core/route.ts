import { isDeepStrictEqual } from "node:util";
import { type Endpoint, type EndpointParsed, type EndpointResponse, operationIdOf } from "@atelier/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Actor, AppContext } from "./context.ts";
import { ERRORS_KEY, errorCodesOf, statusesOf } from "./openapi/operation-errors.ts";
import { createRouteLimiter, type RouteLimit } from "./rate-limit/route-limits.ts";
import type { PreloadedScope, RequestScope } from "./sessions/scope.ts";
import { authenticateRequest, authenticateScopedRequest } from "./sessions/service.ts";

/** The answer of calls that only confirm they were done. */
export const ok = { success: true as const };

interface RouteOptions {
  /**
   * Calls per window (429 beyond), per client address unless `keyBy` says otherwise; counted
   * after validation and authentication, in the store every instance shares.
   */
  rateLimit?: RouteLimit | RouteLimit[];
}

/**
 * How a call about one project (and task) says which, from its validated input, so the session
 * statement reads their rows along (sessions/scope.ts). Typed by the endpoint's schemas: a field
 * the call does not have is a type error. Answers undefined when this call names none.
 */
export type ScopeOf<E extends Endpoint, S extends RequestScope | undefined> = (input: ScopeInput<E>) => S;

/** The validated input, a part the endpoint lacks as undefined (not never, which fits any reader). */
type ScopeInput<E extends Endpoint> = {
  [K in keyof EndpointParsed<E>]: [EndpointParsed<E>[K]] extends [never] ? undefined : EndpointParsed<E>[K];
};

/** The declared scope as Fastify's route config keeps it, so a test can walk every route's. */
export type ScopeDeclaration = (input: { params: unknown; query: unknown; body: unknown }) => RequestScope | undefined;

declare module "fastify" {
  interface FastifyContextConfig {
    scope?: ScopeDeclaration;
  }
}

/** The rows a handler gets: always for a scope always named, when named for one that may not be. */
/** A scoped call's rows; none for a personal API token, whose service's access check reads them. */
type PreloadedFor<S> = S extends RequestScope ? PreloadedScope | undefined : undefined;

/**
 * An answer already written as JSON text (by PostgreSQL, for a large read): sent as it is, not
 * validated against the response schema nor serialised again. Whoever builds one owns its shape;
 * a test must hold it to the endpoint's schema. `T` is the answer it stands for.
 */
export class JsonText<T> {
  declare readonly answer?: T;
  constructor(readonly text: string) {}

  /** `value` as JSON with one more field `name` whose value is JSON text already. */
  static withField<T>(value: object, name: string, json: string): JsonText<T> {
    const head = JSON.stringify(value);
    const comma = head === "{}" ? "" : ",";
    return new JsonText<T>(`${head.slice(0, -1)}${comma}${JSON.stringify(name)}:${json}}`);
  }
}

type Handler<E extends Endpoint, A, More = unknown> = (
  input: EndpointParsed<E> & { actor: A; request: FastifyRequest; reply: FastifyReply } & More,
) => Promise<EndpointResponse<E> | JsonText<EndpointResponse<E>>>;

/**
 * Registers one contract endpoint: its schemas validate input and output and feed OpenAPI;
 * the token is checked before the handler runs. Handlers stay thin: one service call. A call
 * about a project registers with `scopedRoute` instead.
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: Handler<E, Actor>,
  options: RouteOptions = {},
): void {
  const limit = authRouteLimiter(app, endpoint, options);
  register(app, endpoint, options, async (request, reply) => {
    const actor = await authenticateRequest(ctx, request, endpoint);
    await limit(request, reply, actor);
    return handler({ ...parsed<E>(request), actor, request, reply });
  });
}

/**
 * `route` for a call about one project (and task): `scope` names them (route-scope.ts has the
 * usual ways), and the handler gets their rows, read with the session, as `preloaded`, to hand to
 * its service's access check.
 */
export function scopedRoute<E extends Endpoint, S extends RequestScope | undefined>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  scope: ScopeOf<E, S>,
  handler: Handler<E, Actor, { preloaded: PreloadedFor<S> }>,
  options: RouteOptions = {},
): void {
  const limit = authRouteLimiter(app, endpoint, options);
  const declared: ScopeDeclaration = (input) => scope(input as ScopeInput<E>);
  register(
    app,
    endpoint,
    options,
    async (request, reply) => {
      const input = parsed<E>(request);
      const named = scope(input as ScopeInput<E>);
      const { actor, preloaded } = named
        ? await authenticateScopedRequest(ctx, request, endpoint, named)
        : { actor: await authenticateRequest(ctx, request, endpoint), preloaded: undefined };
      await limit(request, reply, actor);
      // `named` is undefined only where S allows it, so the rows match PreloadedFor<S>.
      return handler({ ...input, actor, preloaded: preloaded as PreloadedFor<S>, request, reply });
    },
    { scope: declared },
  );
}

function authRouteLimiter(app: FastifyInstance, endpoint: Endpoint, options: RouteOptions) {
  if (!endpoint.auth) throw new Error(`${endpoint.path} is open; register it with openRoute`);
  if (endpoint.answer && endpoint.answer !== "json") throw new Error(`${endpoint.path} is not a JSON call`);
  return createRouteLimiter(app, endpoint, options.rateLimit);
}

/** An endpoint callable without a token (login, register, reset, invite lookup). */
export function openRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E, null>,
  options: RouteOptions = {},
): void {
  if (endpoint.auth) throw new Error(`${endpoint.path} needs a token; register it with route`);
  if (endpoint.answer && endpoint.answer !== "json") throw new Error(`${endpoint.path} is not a JSON call`);
  const limit = createRouteLimiter(app, endpoint, options.rateLimit);
  register(app, endpoint, options, async (request, reply) => {
    await limit(request, reply, null);
    return handler({ ...parsed<E>(request), actor: null, request, reply });
  });
}

function parsed<E extends Endpoint>(request: FastifyRequest): EndpointParsed<E> {
  return {
    params: request.params,
    query: request.query,
    body: request.body,
  } as EndpointParsed<E>;
}

/**
 * In tests (NODE_ENV=test: vitest, the browser tests' server), a JsonText answer is held to its
 * response schema as every other answer is: a wrong shape or a key the schema does not know is a
 * 500, so SQL that writes an answer cannot drift from the contract unseen (issue 21). Production
 * and the bench send the text as it is.
 */
const CHECK_JSON_TEXT = process.env.NODE_ENV === "test";

function checkJsonText(endpoint: Endpoint, text: string): void {
  const data: unknown = JSON.parse(text);
  const result = endpoint.response.safeParse(data);
  if (result.success && isDeepStrictEqual(result.data, data)) return;
  const cause = result.success
    ? new z.ZodError([
        {
          code: "custom",
          path: firstDifference(result.data, data),
          message: "the answer holds a key or value its response schema does not",
          input: data,
        },
      ])
    : result.error;
  throw new ResponseSerializationError(endpoint.method, endpoint.path, { cause });
}

/** Where two JSON values first part (the parsed answer lost a key the text had). */
function firstDifference(parsed: unknown, raw: unknown, path: PropertyKey[] = []): PropertyKey[] {
  if (typeof raw !== "object" || raw === null || typeof parsed !== "object" || parsed === null) return path;
  for (const [key, value] of Object.entries(raw)) {
    const other = (parsed as Record<string, unknown>)[key];
    if (!isDeepStrictEqual(other, value)) return firstDifference(other, value, [...path, key]);
  }
  return path;
}

function register(
  app: FastifyInstance,
  endpoint: Endpoint,
  options: RouteOptions,
  handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  config: { scope?: ScopeDeclaration } = {},
): void {
  const schema = routeSchema(endpoint, { rateLimited: options.rateLimit !== undefined });
  const respond = async (request: FastifyRequest, reply: FastifyReply) => {
    const answer = await handler(request, reply);
    if (!(answer instanceof JsonText)) return answer;
    if (CHECK_JSON_TEXT) checkJsonText(endpoint, answer.text);
    // A string with a JSON content type skips Fastify's serializer (and so the response schema).
    reply.type("application/json; charset=utf-8");
    return answer.text;
  };
  const typed = app.withTypeProvider<ZodTypeProvider>();
  if (!endpoint.path.endsWith("/")) {
    typed.route({ method: endpoint.method, url: endpoint.path, schema, config, handler: respond });
    return;
  }
  // SPEC §7 spells two paths with a trailing slash. The web app calls them as spelled; the
  // document names the same call without it (OpenAPI tools read `/x/` and `/x` as different
  // resources), and both answer (docs/decisions/027-openapi-document.md).
  typed.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: { ...schema, hide: true },
    config,
    handler: respond,
  });
  typed.route({ method: endpoint.method, url: endpoint.path.slice(0, -1), schema, config, handler: respond });
}

/**
 * The Fastify schema of an endpoint: validation of params, query and (JSON) body, and OpenAPI.
 * Only JSON answers are serialized through `response`; binary and event-stream routes write
 * their own bytes.
 */
export function routeSchema(endpoint: Endpoint, route = { rateLimited: false }): FastifySchema {
  const validatesBody = endpoint.body && !endpoint.multipart && !endpoint.rawBody;
  const isJson = (endpoint.answer ?? "json") === "json";
  // Read by the document's finishing pass (core/openapi), which turns them into error answers.
  const errors: Record<string, unknown> = { [ERRORS_KEY]: statusesOf(errorCodesOf(endpoint, route)) };
  return {
    operationId: operationIdOf(endpoint),
    summary: endpoint.summary,
    tags: [endpoint.tag],
    // Open calls say so (`[]`), rather than leaving readers to guess from a missing key. Either
    // scheme signs a call in, but an API token never reaches a `sessionOnly` one.
    security: !endpoint.auth ? [] : endpoint.sessionOnly ? [{ authToken: [] }] : [{ authToken: [] }, { apiToken: [] }],
    ...errors,
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(validatesBody ? { body: endpoint.body } : {}),
    ...(isJson ? { response: { 200: endpoint.response } } : {}),
  };
}

/** The parts of a request a contract describes, as validated by its schema. */
export function parsedInput<E extends Endpoint>(request: FastifyRequest): EndpointParsed<E> {
  return parsed<E>(request);
}

/**
 * The acting user for endpoints that need a token, null for open ones. File, stream and webhook
 * calls name no project, so they declare no scope.
 */
export async function actorFor(ctx: AppContext, endpoint: Endpoint, request: FastifyRequest): Promise<Actor | null> {
  return endpoint.auth ? authenticateRequest(ctx, request, endpoint) : null;
}
