import type { z } from "zod";
import type { ErrorCode } from "../errors.ts";

export type HttpMethod = "GET" | "POST" | "DELETE";

/**
 * One call of the API, described once. The server registers it (validation, OpenAPI) and the
 * web client calls it (typed input and output) from this same object.
 * `path` uses Fastify's `:param` syntax.
 */
export interface Endpoint<
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /** false for the open calls (login, register, reset, invite lookup). */
  auth: boolean;
  /**
   * Callable by staff who must turn two-factor sign-in on and have not yet (the signed-in user,
   * the two-factor set-up, logout); every other authenticated call answers 403
   * SECOND_FACTOR_REQUIRED to them until they do.
   */
  beforeSecondFactor?: boolean;
  /**
   * Refused (403) to an API token: the call manages how one signs in (sessions, tokens, two-factor,
   * the account's e-mail and password), which only a signed-in person may do.
   */
  sessionOnly?: boolean;
  /**
   * A guest reviewer's call (issue 23): open as far as sessions go, signed by the `Guest-Token`
   * header instead. Only these calls accept a guest token; every other answers it 404.
   */
  guest?: boolean;
  params?: Params;
  query?: Query;
  body?: Body;
  /** multipart uploads are read as a stream by the route, not validated as a body. */
  multipart?: boolean;
  /**
   * How the call answers: `json` (the default) validated by `response`; `binary`, bytes with their
   * own content type (file serving); `events`, a Server-Sent Events stream whose messages' data
   * is described by `response`.
   */
  answer?: "json" | "binary" | "events";
  /**
   * The body reaches the handler as the exact bytes sent (webhooks verify a signature over them)
   * and is validated against `body` only after that.
   */
  rawBody?: boolean;
  response: Response;
  /**
   * Error answers the call's shape does not imply (OpenAPI lists them for generated clients):
   * CONFLICT, UNPROCESSABLE, UNAVAILABLE, and RULE_REFUSED on an open call. Implied are 400 for
   * any input, 401 and 403 for a signed-in call, 404 for a path id or a signed-in call with
   * input, 413 and 415 for a body, 412 for a signed-in change, 429 for a rate-limited route.
   */
  errors?: readonly ErrorCode[];
}

export function endpoint<
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
>(definition: Endpoint<Params, Query, Body, Response>): Endpoint<Params, Query, Body, Response> {
  return definition;
}

type InferOrNever<T> = T extends z.ZodType ? z.input<T> : never;
type OutputOrNever<T> = T extends z.ZodType ? z.output<T> : never;

/** What a caller passes: only the parts the endpoint declares. */
export type EndpointInput<E extends Endpoint> = OmitNever<{
  params: InferOrNever<E["params"]>;
  query: InferOrNever<E["query"]>;
  body: InferOrNever<E["body"]>;
}>;

/** What a route handler receives after validation. */
export type EndpointParsed<E extends Endpoint> = {
  params: OutputOrNever<E["params"]>;
  query: OutputOrNever<E["query"]>;
  body: OutputOrNever<E["body"]>;
};

export type EndpointResponse<E extends Endpoint> = z.output<E["response"]>;

type OmitNever<T> = { [K in keyof T as [T[K]] extends [never] ? never : K]: T[K] };

/** Fills `:name` segments of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
