import { type Role, STREAM_POINT_PATTERN, type StreamMessage } from "@atelier/shared";
import type { AppContext } from "../../../core/context.ts";
import { forbidden, unauthenticated } from "../../../core/errors.ts";
import type { EncodedMessages, EventStream } from "../../../core/event-stream-route.ts";
import { noteStreamOpen, noteStreamsClosed } from "../../notifications/index.ts";
import { messagesFor } from "../presenter.ts";
import { comparePositions, type EventPosition, positionOfEvent } from "../repo/events.ts";
import { findStreamViewer } from "../repo/viewers.ts";
import { type EventBatch, loadBatch } from "./batch.ts";
import type { RealtimeHub } from "./hub.ts";
import { readStreamToken, type StreamClaims } from "./token.ts";

const CATCH_UP_BATCH = 500;

export interface StreamViewer {
  id: string;
  role: Role;
  claims: StreamClaims;
}

/**
 * Checks a stream token before the stream opens: forged or expired is 401, a token for another
 * channel is 403, a signed-out session or a removed user is 401. Nothing is streamed to them.
 */
export async function acceptStreamToken(
  ctx: AppContext,
  input: { channelId: string; token: string },
): Promise<StreamViewer> {
  const claims = readStreamToken(ctx.config, input.token, Date.now());
  if (!claims) throw unauthenticated();
  if (claims.userId !== input.channelId) throw forbidden();
  const viewer = await findStreamViewer(ctx.db, claims);
  if (!viewer) throw unauthenticated();
  return { ...viewer, claims };
}

/**
 * A batch's frames for each viewer (person and role), built by the first of their streams and
 * written as they are by the others: an instance holding many streams redacts, checks and
 * serializes each batch once per person, not once per stream (with the realtime bench's 1,000
 * streams that per-stream work was a fifth of the delivering instance's CPU, beside the writes).
 */
const encodedBatches = new WeakMap<EventBatch, Map<string, EncodedMessages<StreamMessage>>>();

function encodedFor(
  batch: EventBatch,
  viewer: StreamViewer,
  stream: EventStream<StreamMessage>,
): EncodedMessages<StreamMessage> {
  let byViewer = encodedBatches.get(batch);
  if (!byViewer) {
    byViewer = new Map();
    encodedBatches.set(batch, byViewer);
  }
  const key = `${viewer.id}:${viewer.role}`;
  let encoded = byViewer.get(key);
  if (!encoded) {
    encoded = stream.encode(messagesFor(batch, viewer));
    byViewer.set(key, encoded);
  }
  return encoded;
}

/** The numeric Last-Event-ID of a resuming browser; undefined for a fresh stream or a bad header. */
function resumePoint(lastEventId: string | undefined): number | undefined {
  if (!lastEventId || !/^\d{1,15}$/.test(lastEventId)) return undefined;
  return Number(lastEventId);
}

/** Where a stream opened without a Last-Event-ID starts: the point the browser's reads were answered at. */
function startPoint(from: string | undefined): EventPosition | undefined {
  return from && STREAM_POINT_PATTERN.test(from) ? { xid: BigInt(from), id: 0 } : undefined;
}

/**
 * Serves one open stream: from the Last-Event-ID the browser sends on reconnect, or the point its
 * reads were answered at (STREAM_POINT_HEADER), or from now,
 * every event the viewer may see, once, in the streams' order (repo/events.ts: (xid, id), so
 * ids need not rise); then live ones from the hub. Live batches that arrive while the missed ones
 * are read are held and sent after them, skipping what was sent. When the token expires the
 * stream says so and ends; the browser fetches a new token.
 */
export async function serveStream(
  ctx: AppContext,
  hub: RealtimeHub,
  viewer: StreamViewer,
  stream: EventStream<StreamMessage>,
  resume: { lastEventId?: string | undefined; point?: string | undefined } = {},
): Promise<void> {
  let lastSeen: EventPosition = { xid: 0n, id: 0 };
  // A fresh stream: events committed before it opened that the hub has yet to read (held back).
  let skip = new Set<number>();
  let live = false;
  const held: EventBatch[] = [];
  const deliver = (batch: EventBatch) => {
    const last = batch.events.at(-1);
    if (!last) return;
    const fresh = batch.events.filter(
      (event) => comparePositions(event.position, lastSeen) > 0 && !skip.delete(event.id),
    );
    if (fresh.length === batch.events.length) stream.sendEncoded(encodedFor(batch, viewer, stream));
    else if (fresh.length > 0) {
      const ids = new Set(fresh.map((event) => event.id));
      stream.sendEncoded(stream.encode(messagesFor(batch, viewer).filter((message) => ids.has(message.id))));
    }
    if (comparePositions(last.position, lastSeen) > 0) lastSeen = last.position;
  };
  const membership = await hub.join((batch) => {
    if (!live) held.push(batch);
    else deliver(batch);
  });

  // Presence for the e-mail digest: online while a stream is open on any instance. Several tabs
  // on this instance count once; when the last one closes, a minute's grace covers a reload.
  const presence = hub.presence(viewer.id);
  await noteStreamOpen(ctx.db, viewer.id, new Date(viewer.claims.expiresAt));

  const expiry = setTimeout(() => {
    stream.send({ data: { kind: "tokenExpired" } });
    stream.close();
  }, viewer.claims.expiresAt - Date.now());
  void stream.closed.then(async () => {
    membership.leave();
    clearTimeout(expiry);
    if (presence.leave()) {
      await noteStreamsClosed(ctx.db, viewer.id).catch((error: unknown) =>
        ctx.log.warn({ err: error }, "could not record that a stream closed"),
      );
    }
  });

  const resumeFrom = resumePoint(stream.lastEventId ?? resume.lastEventId);
  const from = resumeFrom === undefined ? startPoint(resume.point) : undefined;
  if (resumeFrom !== undefined) lastSeen = await positionOfEvent(ctx.db, resumeFrom);
  else if (from) lastSeen = from;
  else {
    lastSeen = membership.head;
    skip = new Set(membership.committed);
  }
  if (resumeFrom !== undefined || from) {
    for (;;) {
      const batch = await loadBatch(ctx.db, lastSeen, CATCH_UP_BATCH, viewer.id);
      deliver(batch);
      // What is held back comes in the hub's batches (its position is after the hub's head).
      if (batch.events.length < CATCH_UP_BATCH) break;
    }
  }
  for (const batch of held.splice(0)) deliver(batch);
  live = true;
}
