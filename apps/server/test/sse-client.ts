import type { AddressInfo } from "node:net";
import type { TestApp } from "./test-app.ts";

/** One Server-Sent Event as the browser's EventSource would see it. */
export interface SseMessage {
  id: string | undefined;
  event: string | undefined;
  data: unknown;
}

export interface SseClient {
  status: number;
  /** Waits until `count` more messages (with data) have arrived and answers them. */
  next(count: number): Promise<SseMessage[]>;
  /** Every message so far, in order. */
  readonly received: SseMessage[];
  /** Every `retry:` the server sent (how long the browser waits before it reconnects), in order. */
  readonly retries: number[];
  /** Settles when the server ends the stream. */
  readonly ended: Promise<void>;
  close(): Promise<void>;
}

/** Makes the test app listen on a free loopback port (streams need a real connection) and answers its base URL. */
export async function listenOn(t: TestApp): Promise<string> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function parseFrame(frame: string): SseMessage | null {
  let id: string | undefined;
  let event: string | undefined;
  const data: string[] = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith("id: ")) id = line.slice(4);
    else if (line.startsWith("event: ")) event = line.slice(7);
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  return data.length > 0 ? { id, event, data: JSON.parse(data.join("\n")) } : null;
}

/** Opens a stream like EventSource does (GET, optional Last-Event-ID) and reads it as it comes. */
export async function openSse(url: string, options: { lastEventId?: string } = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, {
    signal: controller.signal,
    headers: options.lastEventId ? { "last-event-id": options.lastEventId } : {},
  });
  const received: SseMessage[] = [];
  const retries: number[] = [];
  const waiters: Array<() => void> = [];
  let consumed = 0;
  let done = false;
  let buffer = "";
  let markEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  const notify = () => {
    for (const waiter of waiters.splice(0)) waiter();
  };
  const pump = async () => {
    const reader = response.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          for (const line of frame.split("\n")) if (line.startsWith("retry: ")) retries.push(Number(line.slice(7)));
          const message = parseFrame(frame);
          buffer = buffer.slice(end + 2);
          if (message) received.push(message);
          end = buffer.indexOf("\n\n");
        }
        notify();
      }
    } catch {
      // aborted by close()
    } finally {
      done = true;
      markEnded();
      notify();
    }
  };
  if (response.ok) void pump();
  else {
    done = true;
    markEnded();
  }
  return {
    status: response.status,
    received,
    retries,
    ended,
    async next(count) {
      while (received.length < consumed + count) {
        if (done) throw new Error(`stream ended after ${received.length} messages, waiting for ${consumed + count}`);
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
      const out = received.slice(consumed, consumed + count);
      consumed += count;
      return out;
    },
    async close() {
      controller.abort();
      await ended;
    },
  };
}
