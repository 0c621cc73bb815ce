import type { Endpoint, EndpointParsed, EndpointResponse } from "@atelier/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Actor, AppContext } from "./context.ts";
import { actorFor, parsedInput, routeSchema } from "./route.ts";

/** Proxies and load balancers drop a silent connection; a comment line every so often keeps it. */
const HEARTBEAT_MS = 20_000;
/** On shutdown, the browser's wait before it reconnects: this plus up to the spread, at random. */
const SHUTDOWN_RETRY_MS = 250;
const SHUTDOWN_RETRY_SPREAD_MS = 1000;

/** Open streams per server (an app and its encapsulated plugins share one), for the metrics. */
const openStreams = new WeakMap<object, { count: number }>();
function openStreamsOf(app: FastifyInstance): { count: number } {
  let counted = openStreams.get(app.server);
  if (!counted) {
    counted = { count: 0 };
    openStreams.set(app.server, counted);
  }
  return counted;
}

/** How many event streams the app holds open now (every event-stream endpoint together). */
export function openEventStreamCount(app: FastifyInstance): number {
  return openStreams.get(app.server)?.count ?? 0;
}

export interface StreamOutMessage<Data> {
  id?: string | number;
  event?: string;
  data: Data;
}

declare const encodedData: unique symbol;
/** Messages already checked and written as SSE frames (EventStream.encode); the type names their data. */
export interface EncodedMessages<Data> {
  readonly frames: string;
  readonly [encodedData]?: Data;
}

export interface EventStream<Data> {
  /** The id of the last message the client saw before it reconnected (`Last-Event-ID`). */
  readonly lastEventId: string | undefined;
  send(message: StreamOutMessage<Data>): void;
  /**
   * Checks messages against the endpoint's response schema and writes their frames, without
   * sending them: the result may go to any stream of the same endpoint. A server holding many
   * streams of viewers who see the same thing checks and serializes it once, not per stream.
   */
  encode(messages: ReadonlyArray<StreamOutMessage<Data>>): EncodedMessages<Data>;
  /** Sends encoded messages in one write. */
  sendEncoded(encoded: EncodedMessages<Data>): void;
  /** Ends the stream from the server's side (an expired token). Shutdown ends it with a short `retry:`. */
  close(): void;
  /** Settles when the stream ends, from either side. */
  readonly closed: Promise<void>;
}

/**
 * Registers a Server-Sent Events endpoint (`answer: "events"`): the contract validates params and
 * query (EventSource cannot send headers, so streams usually carry a token in the query), and each
 * message's data is checked against the endpoint's `response` schema before it is written.
 * The handler returns when it has set the stream up; the connection stays open until either side
 * closes it. When the server shuts down, open streams end with a short `retry:` so browsers
 * reconnect promptly, to another instance, from the last event they saw.
 */
export function eventStreamRoute<E extends Endpoint, A = undefined>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (
    input: EndpointParsed<E> & {
      actor: Actor | null;
      request: FastifyRequest;
      stream: EventStream<EndpointResponse<E>>;
      /** what `accept` answered */
      accepted: A;
    },
  ) => Promise<void>,
  options: {
    /**
     * Runs before any byte of the stream: a thrown error (a bad stream token) is the ordinary
     * JSON error reply, so a refused client gets a status, not an empty stream.
     */
    accept?: (input: EndpointParsed<E> & { request: FastifyRequest }) => Promise<A>;
  } = {},
): void {
  if (endpoint.answer !== "events") throw new Error(`${endpoint.path} is not an event-stream endpoint`);
  // Each open stream with what ends it on shutdown: a close that sends the browser elsewhere.
  const open = new Map<EventStream<EndpointResponse<E>>, () => void>();
  const counted = openStreamsOf(app);
  app.addHook("preClose", async () => {
    for (const sendAway of [...open.values()]) sendAway();
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint),
    async handler(request, reply) {
      const actor = await actorFor(ctx, endpoint, request);
      const accepted = (
        options.accept ? await options.accept({ ...parsedInput<E>(request), request }) : undefined
      ) as A;
      const raw = reply.raw;
      let ended = false;
      let markClosed: () => void = () => {};
      const closed = new Promise<void>((resolve) => {
        markClosed = resolve;
      });
      let heartbeat: NodeJS.Timeout | undefined;
      const finish = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        if (open.delete(stream)) counted.count -= 1;
        markClosed();
      };
      // The status and headers go out once the handler is ready (or sends its first message):
      // a client that sees the stream open is already subscribed, so nothing it does after that
      // can slip past its stream, and a handler that fails first is the ordinary JSON error.
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        reply.hijack();
        raw.writeHead(200, {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-transform",
          // HTTP/2 has no connection header (Node drops it with a warning): its streams share one
          // connection that stays open.
          ...(request.raw.httpVersionMajor === 2 ? {} : { connection: "keep-alive" }),
          "x-accel-buffering": "no",
        });
        // Tells the browser how long to wait before it reconnects after a drop.
        raw.write("retry: 2000\n\n");
        heartbeat = setInterval(() => raw.write(": keep-alive\n\n"), HEARTBEAT_MS);
      };
      const header = request.headers["last-event-id"];
      const stream: EventStream<EndpointResponse<E>> = {
        lastEventId: Array.isArray(header) ? header[0] : header,
        send(message) {
          if (!ended) stream.sendEncoded(stream.encode([message]));
        },
        encode: (messages) => ({ frames: messages.map((message) => frameOf(endpoint, message)).join("") }),
        sendEncoded(encoded) {
          if (ended || encoded.frames.length === 0) return;
          start();
          raw.write(encoded.frames);
        },
        close() {
          if (!ended) {
            start();
            raw.end();
          }
          finish();
        },
        closed,
      };
      // The response's close, not the request's: a GET's request closes as soon as it is read.
      raw.on("close", finish);
      open.set(stream, () => {
        if (!ended) {
          start();
          // The instance is shutting down: the browser reconnects soon (with Last-Event-ID), and
          // the load balancer sends it to an instance still running. A spread wait keeps the
          // streams of a stopping instance from all arriving at the others at once.
          raw.end(`retry: ${SHUTDOWN_RETRY_MS + Math.floor(Math.random() * SHUTDOWN_RETRY_SPREAD_MS)}\n\n`);
        }
        finish();
      });
      counted.count += 1;

      try {
        await handler({ ...parsedInput<E>(request), actor, request, stream, accepted });
      } catch (error) {
        if (!started) {
          finish();
          throw error;
        }
        ctx.log.error({ err: error, path: endpoint.path }, "event stream failed to start");
        stream.close();
        return;
      }
      if (!ended) start();
      // The client left before the stream opened: there is nobody to answer.
      else if (!started) reply.hijack();
    },
  });
}

function frameOf<E extends Endpoint>(endpoint: E, message: StreamOutMessage<EndpointResponse<E>>): string {
  const data = endpoint.response.parse(message.data);
  let frame = "";
  if (message.id !== undefined) frame += `id: ${message.id}\n`;
  if (message.event) frame += `event: ${message.event}\n`;
  return `${frame}data: ${JSON.stringify(data)}\n\n`;
}
