import { randomBytes } from "node:crypto";
import { buildPath, type Endpoint, type EndpointInput, type EndpointResponse } from "@atelier/shared";
import type { FastifyInstance } from "fastify";

/**
 * The demo workspace acts as its people do: every step is one of the app's own calls, sent
 * in-process (`app.inject`) with that person's session, so it passes the same validation,
 * permission rules, services and events as a click in the browser would. A refused step stops
 * the demo with the call and the server's message.
 */
export interface DemoCaller {
  call<E extends Endpoint>(endpoint: E, token: string, input: EndpointInput<E>): Promise<EndpointResponse<E>>;
  /** `POST /upload/file` with one file, as the browser's FormData sends it. */
  upload(token: string, purpose: "avatar" | "design", file: { content: Buffer; filename: string }): Promise<string>;
}

export class DemoStepError extends Error {}

export function createDemoCaller(app: FastifyInstance): DemoCaller {
  async function send(request: {
    method: string;
    url: string;
    token: string;
    payload?: Buffer | object;
    headers?: Record<string, string>;
  }): Promise<unknown> {
    const response = await app.inject({
      method: request.method as "GET" | "POST" | "DELETE",
      url: request.url,
      headers: { ...request.headers, "auth-token": request.token },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    if (response.statusCode !== 200) {
      throw new DemoStepError(`${request.method} ${request.url} answered ${response.statusCode}: ${response.body}`);
    }
    return response.headers["content-type"]?.toString().includes("application/json") ? response.json() : undefined;
  }

  return {
    async call(endpoint, token, input) {
      const parts = input as { params?: Record<string, string>; query?: Record<string, unknown>; body?: object };
      const result = await send({
        method: endpoint.method,
        url: buildPath(endpoint.path, parts.params) + queryString(parts.query),
        token,
        ...(parts.body === undefined ? {} : { payload: parts.body }),
      });
      // The route validated its answer against the endpoint's response schema before sending it.
      return result as EndpointResponse<typeof endpoint>;
    },
    async upload(token, purpose, file) {
      const boundary = `----atelierdemo${randomBytes(8).toString("hex")}`;
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\n` +
        "Content-Type: image/png\r\n\r\n";
      const result = (await send({
        method: "POST",
        url: `/upload/file?purpose=${purpose}`,
        token,
        payload: Buffer.concat([Buffer.from(head), file.content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      })) as { key: string };
      return result.key;
    },
  };
}

function queryString(query: Record<string, unknown> | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
