import http from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { parentPort, workerData } from "node:worker_threads";

/**
 * Worker thread of the cluster bench: holds the event streams through the proxy, as browsers do,
 * and reconnects each one that drops (its instance was killed or drained) with a fresh token and
 * the last event id it saw, as the web client does. Notes every event's id and, for new comments,
 * the comment's id and when it arrived.
 * Messages: in `{kind:"stop"}`; out `connected` once every stream answered, `received` on stop.
 */
export interface StreamsInput {
  proxyUrl: string;
  people: { id: string; token: string }[];
}
export interface StreamRecord {
  ids: number[];
  comments: { commentId: string; eventId: number; arrivedAt: number }[];
  reconnects: number;
}
export type StreamsMessage = { kind: "connected" } | { kind: "received"; streams: StreamRecord[] };

const input = workerData as StreamsInput;
const base = new URL(input.proxyUrl);
const now = () => performance.timeOrigin + performance.now();
let stopping = false;
const open = new Set<http.ClientRequest>();

async function streamPathFor(person: { id: string; token: string }): Promise<string> {
  for (;;) {
    try {
      const response = await fetch(`${input.proxyUrl}/chat/channel/${person.id}/init`, {
        headers: { "auth-token": person.token },
      });
      if (response.status === 200) {
        const { token, streamPath } = (await response.json()) as { token: string; streamPath: string };
        return `${streamPath}?token=${encodeURIComponent(token)}`;
      }
    } catch {
      // the proxy had no instance to give: try again
    }
    if (stopping) return "";
    await sleep(200);
  }
}

/** One stream until it ends; resolves when it closed (for any reason). */
function follow(path: string, record: StreamRecord, onOpen: () => void): Promise<void> {
  return new Promise((resolve) => {
    const last = record.ids.at(-1);
    const request = http.get(
      {
        host: base.hostname,
        port: base.port,
        path: last === undefined ? path : `${path}&lastEventId=${last}`,
        agent: false,
        headers: { accept: "text/event-stream" },
      },
      (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          response.on("end", () => resolve());
          return;
        }
        onOpen();
        let buffer = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          const arrivedAt = now();
          buffer += chunk;
          let end = buffer.indexOf("\n\n");
          while (end >= 0) {
            readEvent(buffer.slice(0, end), record, arrivedAt);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf("\n\n");
          }
        });
        response.on("close", () => resolve());
        response.on("error", () => resolve());
      },
    );
    request.on("error", () => resolve());
    request.on("close", () => open.delete(request));
    open.add(request);
  });
}

function readEvent(text: string, record: StreamRecord, arrivedAt: number): void {
  let id: number | undefined;
  let data = "";
  for (const line of text.split("\n")) {
    if (line.startsWith("id:")) id = Number(line.slice(3).trim());
    else if (line.startsWith("data:")) data += line.slice(5).trim();
  }
  if (id === undefined) return;
  record.ids.push(id);
  if (!data.includes('"comment.added"')) return;
  const message = JSON.parse(data) as { type?: string; payload?: { commentId?: string } };
  if (message.type === "comment.added" && message.payload?.commentId) {
    record.comments.push({ commentId: message.payload.commentId, eventId: id, arrivedAt });
  }
}

async function hold(person: { id: string; token: string }, record: StreamRecord, onOpen: () => void): Promise<void> {
  let opened = false;
  while (!stopping) {
    const path = await streamPathFor(person);
    if (stopping) return;
    await follow(path, record, () => {
      if (!opened) onOpen();
      opened = true;
    });
    if (stopping) return;
    record.reconnects += 1;
    await sleep(100);
  }
}

const records: StreamRecord[] = input.people.map(() => ({ ids: [], comments: [], reconnects: 0 }));
let waiting = input.people.length;
const holding = input.people.map((person, index) =>
  hold(person, records[index] as StreamRecord, () => {
    waiting -= 1;
    if (waiting === 0) parentPort?.postMessage({ kind: "connected" } satisfies StreamsMessage);
  }),
);

parentPort?.on("message", (message: { kind: "stop" }) => {
  if (message.kind !== "stop") return;
  stopping = true;
  for (const request of open) request.destroy();
  void Promise.all(holding).then(() =>
    parentPort?.postMessage({ kind: "received", streams: records } satisfies StreamsMessage),
  );
});
