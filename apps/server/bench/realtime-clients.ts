import http from "node:http";
import { parentPort, workerData } from "node:worker_threads";

/**
 * Worker thread body of the realtime bench: holds the SSE streams (raw node:http, one socket each)
 * and notes when each bench event reaches each stream, so parsing a thousand streams does not
 * share an event loop with the servers or with the thread that posts the events.
 * Messages: in `{kind:"stop"}`; out `connected` once every stream answered, `arrivals` on stop.
 */
export interface ClientsInput {
  urls: string[];
  /** the bench's task titles are this prefix and a sequence number */
  titlePrefix: string;
}
export type ClientsMessage =
  | { kind: "connected"; open: number; failed: number; firstError: string | null }
  | { kind: "arrivals"; sequence: Float64Array; time: Float64Array };

const OPENING_AT_ONCE = 25;
const input = workerData as ClientsInput;
const titleOf = new RegExp(`"title":"${input.titlePrefix}(\\d+)"`);
const sequences: number[] = [];
const times: number[] = [];
const requests: http.ClientRequest[] = [];

/** Wall-clock time in ms with sub-ms precision, comparable across threads of the process. */
const now = () => performance.timeOrigin + performance.now();

function open(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { accept: "text/event-stream" } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`stream answered ${response.statusCode}`));
        return;
      }
      let buffer = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        // The time the bytes reached this client, before any parsing of them.
        const arrived = now();
        buffer += chunk;
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const match = titleOf.exec(buffer.slice(0, end));
          if (match) {
            sequences.push(Number(match[1]));
            times.push(arrived);
          }
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      });
      resolve();
    });
    request.on("error", reject);
    requests.push(request);
  });
}

let failed = 0;
let firstError: string | null = null;
const queue = [...input.urls];
await Promise.all(
  Array.from({ length: OPENING_AT_ONCE }, async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      await open(url).catch((error: unknown) => {
        failed += 1;
        firstError ??= error instanceof Error ? error.message : String(error);
      });
    }
  }),
);
parentPort?.postMessage({
  kind: "connected",
  open: input.urls.length - failed,
  failed,
  firstError,
} satisfies ClientsMessage);

parentPort?.on("message", (message: { kind: "stop" }) => {
  if (message.kind !== "stop") return;
  for (const request of requests) request.destroy();
  parentPort?.postMessage({
    kind: "arrivals",
    sequence: Float64Array.from(sequences),
    time: Float64Array.from(times),
  } satisfies ClientsMessage);
  parentPort?.close();
});
