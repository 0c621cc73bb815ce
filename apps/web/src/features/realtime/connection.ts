import { MESSAGES, realtimeContract, type StreamMessage, streamMessageSchema } from "@atelier/shared";
import { api } from "../../lib/api-client.ts";
import { toast } from "../../ui/toasts.ts";

export type ConnectionState = "connecting" | "open" | "reconnecting";

const RETRY_MS = 2000;
const RETRY_MAX_MS = 30_000;

/**
 * The browser's one realtime stream (DESIGN §6): fetches a token, opens an EventSource, and
 * keeps it open. EventSource reconnects by itself after a drop and sends Last-Event-ID; when the
 * server ends the stream because the token expired, or refuses it, a new token is fetched and a
 * new EventSource opened from the last id seen (passed in the query: a new EventSource cannot set
 * the header), so nothing is lost either way.
 */
export function connectRealtime(options: {
  userId: string;
  /** each change with its event id (the SSE id) */
  onMessage: (message: StreamMessage, eventId: number | undefined) => void;
  onState: (state: ConnectionState) => void;
  /** The point the screens' reads were answered at (lib/stream-point.ts), asked once. */
  startPoint: () => Promise<string | undefined>;
  /** The stream opened without a point to resume from: what changed before it is not coming. */
  onFreshStart: () => void;
}): { close: () => void } {
  let source: EventSource | null = null;
  let lastEventId: string | undefined;
  let from: Promise<string | undefined> | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let tokenErrorShown = false;

  const schedule = () => {
    if (closed) return;
    failures += 1;
    retry = setTimeout(() => void open(), Math.min(RETRY_MS * 2 ** (failures - 1), RETRY_MAX_MS));
  };

  async function open(): Promise<void> {
    from ??= options.startPoint();
    const startPoint = await from;
    let init: Awaited<ReturnType<typeof api<typeof realtimeContract.init>>>;
    try {
      init = await api(realtimeContract.init, { params: { id: options.userId } });
    } catch {
      if (!tokenErrorShown) toast.error(MESSAGES.unableToGetMessagesToken);
      tokenErrorShown = true;
      options.onState("reconnecting");
      schedule();
      return;
    }
    if (closed) return;
    const query = new URLSearchParams({
      token: init.token,
      ...(lastEventId ? { lastEventId } : startPoint ? { point: startPoint } : {}),
    });
    const next = new EventSource(`${init.streamPath}?${query}`);
    source = next;
    next.onopen = () => {
      if (!lastEventId && !startPoint) options.onFreshStart();
      failures = 0;
      tokenErrorShown = false;
      options.onState("open");
    };
    next.onmessage = (event: MessageEvent<string>) => {
      if (event.lastEventId) lastEventId = event.lastEventId;
      const parsed = streamMessageSchema.safeParse(JSON.parse(event.data));
      if (!parsed.success) return;
      if (parsed.data.kind === "tokenExpired") {
        next.close();
        void open();
        return;
      }
      options.onMessage(parsed.data, event.lastEventId ? Number(event.lastEventId) : undefined);
    };
    next.onerror = () => {
      options.onState("reconnecting");
      // CONNECTING: the browser retries by itself with Last-Event-ID. CLOSED: it gave up (the
      // server refused the token): start again with a new one.
      if (next.readyState === EventSource.CLOSED) {
        next.close();
        schedule();
      }
    };
  }

  options.onState("connecting");
  void open();
  return {
    close() {
      closed = true;
      clearTimeout(retry);
      source?.close();
    },
  };
}
