import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PortfolioMode = "shots" | "garbage" | "error" | "hang";

/**
 * The portfolio service at its network edge: a loopback HTTP server answering the user-shots
 * call as told (shots, garbage, 500, or never), and keeping the headers it was sent.
 */
export async function startPortfolioStandIn() {
  let mode: PortfolioMode = "shots";
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? "", headers: request.headers });
    if (mode === "hang") {
      hanging.add(response);
      return;
    }
    if (mode === "error") {
      response.writeHead(500, { "content-type": "application/json" }).end('{"message":"boom"}');
      return;
    }
    if (mode === "garbage") {
      response.writeHead(200, { "content-type": "application/json" }).end("<html>not json");
      return;
    }
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const shots = [1, 2].map((n) => ({
      id: n,
      title: `Shot ${n}`,
      html_url: `${base}/shots/${n}`,
      images: { hidpi: null, normal: `${base}/img/${n}.png`, teaser: `${base}/img/${n}-t.png` },
    }));
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(shots));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next: PortfolioMode) {
      mode = next;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
