import http from "node:http";

/** One answer of the cluster bench's client: its status (0 when the connection failed) and body. */
export interface Answer {
  status: number;
  body: string;
}

/**
 * A small keep-alive HTTP client for the load loops. Each call goes through the reverse proxy,
 * as a browser's would; a connection the proxy or the instance drops answers status 0.
 */
export class HttpClient {
  private readonly agent: http.Agent;

  constructor(
    private readonly base: URL,
    sockets: number,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  }

  request(options: {
    method: "GET" | "POST";
    path: string;
    token?: string;
    json?: unknown;
    body?: Buffer;
    headers?: Record<string, string>;
  }): Promise<Answer> {
    const payload = options.json === undefined ? options.body : Buffer.from(JSON.stringify(options.json));
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers["auth-token"] = options.token;
    if (options.json !== undefined) headers["content-type"] = "application/json";
    if (payload) headers["content-length"] = String(payload.length);
    return new Promise((resolve) => {
      const request = http.request(
        {
          host: this.base.hostname,
          port: this.base.port,
          method: options.method,
          path: options.path,
          headers,
          agent: this.agent,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
          );
          response.on("error", () => resolve({ status: 0, body: "" }));
        },
      );
      request.on("error", (error) => resolve({ status: 0, body: error.message }));
      request.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The JSON body of an answer that must be 200, or an error naming the call. */
export function okJson<T>(answer: Answer, what: string): T {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as T;
}
