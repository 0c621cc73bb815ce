import type { AppContext } from "../../../core/context.ts";
import { EVENTS_CHANNEL } from "../../../core/events/repo.ts";
import { type EventPosition, horizon, laterOf, START } from "../repo/events.ts";
import { type EventBatch, loadBatch } from "./batch.ts";

const BATCH_SIZE = 500;
const RETRY_MS = 1000;
/**
 * A committed event waits behind an older transaction still open: read again after this, doubling
 * up to HELD_MAX_MS. Its own commit wakes the hub at once if it wrote events (NOTIFY); a
 * transaction that wrote none sends nothing, hence the timer.
 */
const HELD_FIRST_MS = 10;
const HELD_MAX_MS = 500;

export type BatchListener = (batch: EventBatch) => void;

/**
 * One per instance: follows the events table and hands each run of newly committed events,
 * read once, to every stream the instance holds. It wakes on this instance's commits (the
 * in-process bus) and, over PostgreSQL, on every instance's (LISTEN/NOTIFY); it reads the table
 * rather than trusting what a notification carries, so delivery is in id order, once, whoever
 * committed. (PGlite is one process: the bus is enough.) It reads in the streams' order below the
 * visibility horizon (repo/events.ts); what an open transaction still holds back is read again
 * shortly.
 */
export interface RealtimeHub {
  /**
   * Adds a listener and answers the position it starts after: every event committed after the
   * call reaches it in a later batch. Batches may still hold events up to there, to be skipped,
   * and the events of `committed` (committed before the call, held back behind an older open
   * transaction), to be skipped too.
   */
  join(listener: BatchListener): Promise<{ head: EventPosition; committed: number[]; leave: () => void }>;
  /** Counts a person's open streams on this instance; `leave` answers true for their last one. */
  presence(userId: string): { leave: () => boolean };
  close(): Promise<void>;
}

export function createRealtimeHub(ctx: Pick<AppContext, "db" | "events" | "database" | "log">): RealtimeHub {
  const listeners = new Set<BatchListener>();
  const openStreams = new Map<string, number>();
  let head: EventPosition = START;
  let heldDelay = HELD_FIRST_MS;
  let heldTimer: NodeJS.Timeout | undefined;
  let running = false;
  let again = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let stop: Array<() => void | Promise<void>> = [];
  let started: Promise<void> | null = null;

  const pump = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        if (listeners.size === 0) {
          // Nobody to deliver to: only keep up with the horizon. Someone who joined meanwhile was
          // promised everything after the old head: read those for them instead.
          const end = await horizon(ctx.db);
          if (listeners.size === 0) head = laterOf(head, end.position);
          else again = true;
          continue;
        }
        for (;;) {
          const batch = await loadBatch(ctx.db, head, BATCH_SIZE);
          const last = batch.events.at(-1);
          if (last) {
            head = last.position;
            for (const listener of listeners) listener(batch);
          }
          if (batch.events.length === BATCH_SIZE) continue;
          if (batch.held) holdBack();
          else heldDelay = HELD_FIRST_MS;
          break;
        }
      } while (again && !closed);
    } catch (error) {
      ctx.log.error({ err: error }, "realtime hub could not read events; retrying");
      if (!closed) retry = setTimeout(wake, RETRY_MS);
    } finally {
      running = false;
    }
  };
  function wake(): void {
    if (!closed) void pump();
  }
  function holdBack(): void {
    if (heldTimer || closed) return;
    heldTimer = setTimeout(() => {
      heldTimer = undefined;
      wake();
    }, heldDelay);
    heldDelay = Math.min(heldDelay * 2, HELD_MAX_MS);
  }

  const start = async () => {
    head = (await horizon(ctx.db)).position;
    stop.push(ctx.events.subscribe(() => wake()));
    if (ctx.database.listen) stop.push(await ctx.database.listen(EVENTS_CHANNEL, () => wake()));
  };

  return {
    async join(listener) {
      started ??= start();
      await started;
      // No await between reading the head and adding the listener: no batch falls between.
      const from = head;
      listeners.add(listener);
      const leave = () => listeners.delete(listener);
      // The hub may not have read the newest commits yet (over PostgreSQL it learns of other
      // connections' commits by NOTIFY): the listener starts at the horizon now, so what was
      // readable before it joined never reaches it. Batches up to there are its to skip.
      try {
        const now = await horizon(ctx.db);
        return { head: laterOf(from, now.position), committed: now.committed, leave };
      } catch (error) {
        leave();
        throw error;
      }
    },
    presence(userId) {
      openStreams.set(userId, (openStreams.get(userId) ?? 0) + 1);
      let left = false;
      return {
        leave() {
          if (left) return false;
          left = true;
          const count = (openStreams.get(userId) ?? 1) - 1;
          if (count > 0) openStreams.set(userId, count);
          else openStreams.delete(userId);
          return count === 0;
        },
      };
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(heldTimer);
      const stopping = stop;
      stop = [];
      listeners.clear();
      await Promise.all(stopping.map((fn) => fn()));
    },
  };
}
