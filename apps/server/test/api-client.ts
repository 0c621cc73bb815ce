import type { OutgoingHttpHeaders } from "node:http";
import {
  type ApiErrorBody,
  apiErrorSchema,
  buildPath,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  type HttpMethod,
} from "@atelier/shared";
import type { FastifyInstance } from "fastify";
import { multipartFile } from "./multipart.ts";

/**
 * The API tests' client: calls go through app.inject, addressed and typed by the shared contract.
 *
 *   const res = await t.api(contract.projects.get, { params: { id }, token });
 *   res.status      // number
 *   res.body        // the endpoint's response type; reading it on a failed call fails the test
 *   res.error       // { message, code?, fields? }; reading it on a successful call fails the test
 *
 * `raw` is for the calls a typed client cannot make: wrong types, missing fields, bad JSON.
 */
export interface ApiResponse<Body> {
  status: number;
  headers: OutgoingHttpHeaders;
  /** The 2xx answer. Throws (naming status and error) when the call failed. */
  readonly body: Body;
  /** The error answer, checked against the API error shape. Throws when the call succeeded. */
  readonly error: ApiErrorBody;
  /** The answer as received (parsed JSON, or text), untyped: for failure messages. */
  readonly received: unknown;
}

/** Who calls: `token` goes in the Auth-Token header. */
export interface CallOptions {
  token?: string | undefined;
  headers?: Record<string, string>;
}

/** The endpoint's params, query and body as the contract types them; a part may be left out when all of it is optional. */
export type ApiArgs<E extends Endpoint> =
  Empty extends OptionalWhenEmptyAllowed<EndpointInput<E>>
    ? [input?: OptionalWhenEmptyAllowed<EndpointInput<E>> & CallOptions]
    : [input: OptionalWhenEmptyAllowed<EndpointInput<E>> & CallOptions];

type Empty = Record<never, never>;
type OptionalWhenEmptyAllowed<T> = { [K in keyof T as Empty extends T[K] ? K : never]?: T[K] } & {
  [K in keyof T as Empty extends T[K] ? never : K]: T[K];
};

/** Endpoint-addressed input of any shape, for sending what the contract would refuse. */
export interface RawInput extends CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** A request by hand: any method, URL and payload (a string payload is sent as it is). */
export interface RawRequest extends CallOptions {
  method: HttpMethod | "PUT" | "PATCH";
  url: string;
  payload?: unknown;
}

/** The endpoint's query as the contract types it, and the file (form field `file` unless told otherwise). */
export type UploadInput<E extends Endpoint> = Omit<OptionalWhenEmptyAllowed<EndpointInput<E>>, "body"> &
  CallOptions & { file: Parameters<typeof multipartFile>[0] };

export interface ApiClient {
  api<E extends Endpoint>(endpoint: E, ...args: ApiArgs<E>): Promise<ApiResponse<EndpointResponse<E>>>;
  /** A multipart endpoint (uploads), the file in the form field `file` unless told otherwise. */
  upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>): Promise<ApiResponse<EndpointResponse<E>>>;
  raw(endpoint: Endpoint, input: RawInput): Promise<ApiResponse<unknown>>;
  raw(request: RawRequest): Promise<ApiResponse<unknown>>;
}

export function createApiClient(app: FastifyInstance): ApiClient {
  async function send(request: RawRequest): Promise<ApiResponse<unknown>> {
    const { method, url, payload, token, headers } = request;
    const response = await app.inject({
      method,
      url,
      headers: { ...headers, ...(token ? { "auth-token": token } : {}) },
      ...(payload === undefined ? {} : { payload: payload as string | Buffer | object }),
    });
    const isJson = String(response.headers["content-type"] ?? "").includes("application/json");
    const data: unknown = isJson ? response.json() : response.body;
    return answer(`${method} ${url}`, response.statusCode, response.headers, data);
  }

  function fromEndpoint(endpoint: Endpoint, input: RawInput): Promise<ApiResponse<unknown>> {
    return send({
      method: endpoint.method,
      url: buildPath(endpoint.path, input.params) + queryString(input.query),
      payload: input.body,
      token: input.token,
      ...(input.headers ? { headers: input.headers } : {}),
    });
  }

  function raw(endpoint: Endpoint, input: RawInput): Promise<ApiResponse<unknown>>;
  function raw(request: RawRequest): Promise<ApiResponse<unknown>>;
  function raw(target: Endpoint | RawRequest, input?: RawInput): Promise<ApiResponse<unknown>> {
    return "url" in target ? send(target) : fromEndpoint(target, input ?? {});
  }

  return {
    async api<E extends Endpoint>(endpoint: E, ...args: ApiArgs<E>) {
      // The contract types the input; the answer is the endpoint's response or an error.
      return (await fromEndpoint(endpoint, (args[0] ?? {}) as RawInput)) as ApiResponse<EndpointResponse<E>>;
    },
    async upload<E extends Endpoint>(endpoint: E, input: UploadInput<E>) {
      const { payload, headers } = multipartFile(input.file);
      const { query } = input as RawInput;
      const response = await send({
        method: endpoint.method,
        url: buildPath(endpoint.path, undefined) + queryString(query),
        payload,
        token: input.token,
        headers: { ...input.headers, ...headers },
      });
      return response as ApiResponse<EndpointResponse<E>>;
    },
    raw,
  };
}

function answer(call: string, status: number, headers: OutgoingHttpHeaders, data: unknown): ApiResponse<unknown> {
  const ok = status >= 200 && status < 300;
  const describe = () => `${call} answered ${status}: ${typeof data === "string" ? data : JSON.stringify(data)}`;
  return {
    status,
    headers,
    received: data,
    get body() {
      if (!ok) throw new Error(`Expected a successful answer, but ${describe()}`);
      return data;
    },
    get error() {
      if (ok) throw new Error(`Expected an error, but ${describe()}`);
      // Strict, so a stray field (a stack, an internal detail) fails the test rather than vanishing.
      const parsed = apiErrorSchema.strict().safeParse(data);
      if (!parsed.success) throw new Error(`Not an API error body: ${describe()}`);
      return parsed.data;
    },
  };
}

/** Every defined value, as the browser's client sends it; tests choose exactly what goes. */
function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
