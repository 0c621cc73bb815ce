import type { DomainEventType } from "@atelier/shared";
import type { SQL } from "drizzle-orm";
import type { Tx } from "../db/client.ts";
import type { AppContext } from "./context.ts";
import type { DomainEvent, DomainEventInput } from "./events/event.ts";
import { noteCommittedEvents } from "./events/own-events.ts";
import { insertEvents } from "./events/repo.ts";

/** Records a domain event of the unit of work; it is written before the commit, published after. */
export type Emit = <T extends DomainEventType>(event: DomainEventInput<T>) => void;

/**
 * What a feature writes because of a unit of work's events (notification rows), in the same
 * statement as the events: `ctes` are data-modifying common table expressions placed after the
 * events' insert, reading the new events from `written` (columns `ord` — the event's 1-based
 * place among the unit's events —, `id`, `created_at`). The rows of the last one come back to
 * `after`, which runs next in the transaction (for work that cannot be SQL in that statement,
 * such as queueing a job). CTE names are global to the statement: prefix them with the feature.
 */
export interface EventWrite {
  ctes?: (written: SQL) => ReadonlyArray<{ name: string; body: SQL }>;
  after?: (tx: Tx, rows: readonly Record<string, unknown>[]) => Promise<void>;
}

/**
 * Plans a feature's writes for a unit of work's events, before they are written (no ids yet: the
 * SQL joins them by `ord`); null when they need nothing. Features register theirs in the context
 * (features/event-writers.ts).
 */
export type EventWriter = (events: readonly DomainEventInput[]) => EventWrite | null;

/**
 * The unit of work (DESIGN §1): the change and its events commit together, and only committed
 * events reach subscribers, so nothing is announced for a transaction that rolled back. The
 * events and what features derive from them are one statement (core/events/repo.ts).
 */
export async function withTransaction<T>(
  ctx: Pick<AppContext, "db" | "events"> & { eventWriters?: readonly EventWriter[] },
  work: (tx: Tx, emit: Emit) => Promise<T>,
): Promise<T> {
  let committed: DomainEvent[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const pending: DomainEventInput[] = [];
    const value = await work(tx, (event) => {
      pending.push(event as DomainEventInput);
    });
    if (pending.length > 0) {
      const writes = (ctx.eventWriters ?? []).flatMap((writer) => writer(pending) ?? []);
      const written = await insertEvents(tx, pending, writes);
      committed = written.events;
      for (const [index, write] of writes.entries()) await write.after?.(tx, written.rows[index] ?? []);
    }
    return value;
  });
  ctx.events.publish(committed);
  noteCommittedEvents(committed);
  return result;
}
