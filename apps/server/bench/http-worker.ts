import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";
import { type HttpLoadRequest, runLoad } from "./load.ts";

/** Worker thread body (see runHttpLoad): GETs one URL under load over keep-alive connections. */
const request = workerData as HttpLoadRequest;
const agent = new http.Agent({ keepAlive: true, maxSockets: request.concurrency });

function get(): Promise<void> {
  return new Promise((resolve, reject) => {
    const outgoing = http.get(request.url, { agent, headers: request.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        if (response.statusCode === 200) return resolve();
        const body = Buffer.concat(chunks).toString("utf8").slice(0, 200);
        reject(new Error(`HTTP ${response.statusCode}: ${body}`));
      });
    });
    outgoing.on("error", reject);
  });
}

const stats = await runLoad(request, get);
agent.destroy();
parentPort?.postMessage(stats);
