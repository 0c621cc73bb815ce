import type { Db, Tx } from "../db/client.ts";
import type { EventBus } from "./events/bus.ts";
import type { DomainEvent, DomainEventInput } from "./events/event.ts";
import { noteCommittedEvents } from "./events/own-events.ts";
import { insertEvents } from "./events/repo.ts";
import type { Emit, EventWriter } from "./events/writes.ts";

export type { Emit, EventWrite, EventWriter } from "./events/writes.ts";

/**
 * The unit of work (DESIGN §1): the change and its events commit together, and only committed
 * events reach subscribers, so nothing is announced for a transaction that rolled back. The
 * events and what features derive from them are one statement (core/events/repo.ts).
 */
export async function withTransaction<T>(
  ctx: { db: Db; events: EventBus; eventWriters?: readonly EventWriter[] },
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
