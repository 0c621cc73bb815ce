import {
  buildPath,
  type Endpoint,
  type EndpointInput,
  type EndpointResponse,
  OWN_EVENTS_HEADER,
} from "@atelier/shared";
import { networkError, toApiError } from "./api-error.ts";
import { takeEarlyGet } from "./early-requests.ts";
import { rememberOwnEvents } from "./own-events.ts";
import { noteStreamPointRead, streamPointHeaders } from "./stream-point.ts";
import { getToken } from "./token-storage.ts";

/** The console error's start when an answer does not fit its schema (the browser tests watch for it). */
export const UNKNOWN_ANSWER = "Atelier: an answer this build does not know:";

type InputArgs<E extends Endpoint> = keyof EndpointInput<E> extends never
  ? [input?: Record<string, never>, options?: CallOptions]
  : [input: EndpointInput<E>, options?: CallOptions];

export interface CallOptions {
  signal?: AbortSignal;
  /** more headers: a guest reviewer's `Guest-Token` (features/designs guest calls) */
  headers?: Record<string, string>;
}

interface RawInput {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
}

function toQueryString(query: Record<string, unknown> | undefined): string {
  if (!query) return "";
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

function authHeaders(endpoint: Endpoint): Record<string, string> {
  const token = getToken();
  return endpoint.auth && token ? { "Auth-Token": token } : {};
}

async function send<E extends Endpoint>(endpoint: E, init: RequestInit, url: string): Promise<EndpointResponse<E>> {
  let response: Response;
  try {
    const early = init.method === "GET" ? takeEarlyGet(url) : undefined;
    const pending = early ?? fetch(url, init);
    if (!early && init.method === "GET") noteStreamPointRead(pending);
    response = await pending;
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw networkError(endpoint.auth);
  }
  if (!response.ok) throw await toApiError(response, endpoint.auth);
  rememberOwnEvents(response.headers.get(OWN_EVENTS_HEADER));
  const data: unknown = response.status === 204 ? {} : await response.json();
  // Parse with the contract's schema. A shape this build does not know (the server is ahead of it,
  // or the two drifted) is said loudly: an error in the console, which fails the browser tests,
  // and a thrown one in development; a deployed build keeps the server's data and its screen.
  const parsed = endpoint.response.safeParse(data);
  if (parsed.success) return parsed.data as EndpointResponse<E>;
  console.error(`${UNKNOWN_ANSWER} ${endpoint.method} ${endpoint.path}`, parsed.error.issues);
  if (import.meta.env.DEV) throw parsed.error;
  return data as EndpointResponse<E>;
}

/**
 * Calls one endpoint of the shared contract with typed input and output.
 * Throws ApiError (status, server message, field errors) when the call fails.
 */
export function api<E extends Endpoint>(endpoint: E, ...args: InputArgs<E>): Promise<EndpointResponse<E>> {
  const input = (args[0] ?? {}) as RawInput;
  const options = args[1] ?? {};
  const url = buildPath(endpoint.path, input.params) + toQueryString(input.query);
  const hasBody = endpoint.method !== "GET" && input.body !== undefined;
  return send(
    endpoint,
    {
      method: endpoint.method,
      headers: {
        Accept: "application/json",
        ...(hasBody ? { "Content-Type": "application/json" } : {}),
        ...authHeaders(endpoint),
        ...(endpoint.method === "GET" ? streamPointHeaders() : {}),
        ...options.headers,
      },
      body: hasBody ? JSON.stringify(input.body) : undefined,
      signal: options.signal,
    },
    url,
  );
}

/** Sends a multipart endpoint (uploads): the file goes in the form field `file`. */
export function apiUpload<E extends Endpoint>(
  endpoint: E,
  input: { query?: Record<string, unknown>; file: File },
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const form = new FormData();
  form.append("file", input.file, input.file.name);
  const url = buildPath(endpoint.path, undefined) + toQueryString(input.query);
  return send(
    endpoint,
    {
      method: endpoint.method,
      headers: { Accept: "application/json", ...authHeaders(endpoint) },
      body: form,
      signal: options.signal,
    },
    url,
  );
}

/**
 * Calls a binary endpoint (`answer: "binary"`, a PDF or a CSV) with the session's token and saves
 * the answer as a file named by its Content-Disposition. A link cannot carry the Auth-Token header,
 * so the bytes are fetched here and handed to the browser as a download.
 */
export async function apiDownload<E extends Endpoint>(
  endpoint: E,
  input: RawInput,
  fallbackName: string,
): Promise<void> {
  const url = buildPath(endpoint.path, input.params) + toQueryString(input.query);
  let response: Response;
  try {
    response = await fetch(url, { method: endpoint.method, headers: authHeaders(endpoint) });
  } catch {
    throw networkError(endpoint.auth);
  }
  if (!response.ok) throw await toApiError(response, endpoint.auth);
  const blob = await response.blob();
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = named?.[1] ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started reading the blob; give it a moment before letting it go.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
