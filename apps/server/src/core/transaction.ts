import type { DomainEventType } from "@atelier/shared";
import type { Tx } from "../db/client.ts";
import type { AppContext } from "./context.ts";
import type { DomainEvent, DomainEventInput } from "./events/event.ts";
import { insertEvents } from "./events/repo.ts";

/** Records a domain event of the unit of work; it is written before the commit, published after. */
export type Emit = <T extends DomainEventType>(event: DomainEventInput<T>) => void;

/**
 * Writes what follows from a unit of work's events in the same transaction (notification rows),
 * after the events themselves: features register theirs in the context (features/event-writers.ts).
 */
export type EventWriter = (tx: Tx, events: readonly DomainEvent[]) => Promise<void>;

/**
 * The unit of work (DESIGN §1): the change and its events commit together, and only committed
 * events reach subscribers, so nothing is announced for a transaction that rolled back.
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
    committed = await insertEvents(tx, pending);
    if (committed.length > 0) for (const write of ctx.eventWriters ?? []) await write(tx, committed);
    return value;
  });
  ctx.events.publish(committed);
  return result;
}
