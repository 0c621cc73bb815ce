import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { events } from "../../db/schema/index.ts";
import type { DomainEvent, DomainEventInput } from "./event.ts";

/** The channel every instance LISTENs on; the message is the highest event id just committed. */
export const EVENTS_CHANNEL = "atelier_events";

// Any fixed number, the same in every instance: event writers queue on it until they commit.
const EVENT_ORDER_LOCK = 7_243_912;

/**
 * Writes a unit of work's events in one statement and answers them numbered. Runs last in the
 * transaction, under a transaction-level advisory lock held until the commit: event ids are then
 * handed out in commit order (a writer takes its ids only after the one before it is visible),
 * so whoever reads `id > n` sees a gap-free prefix and a resuming stream never skips an event
 * that committed late with a smaller id. The cost is that writers serialise from their event
 * insert to their commit, a few milliseconds. The NOTIFY inside the same transaction reaches the
 * other instances only if it commits.
 */
export async function insertEvents(db: DbOrTx, inputs: readonly DomainEventInput[]): Promise<DomainEvent[]> {
  if (inputs.length === 0) return [];
  await db.execute(sql`select pg_advisory_xact_lock(${EVENT_ORDER_LOCK})`);
  const rows = await db
    .insert(events)
    .values(
      inputs.map((input) => ({
        type: input.type,
        actorId: input.actorId,
        projectId: input.projectId,
        subjectType: input.subject?.type ?? null,
        subjectId: input.subject?.id ?? null,
        payload: input.payload,
      })),
    )
    .returning({ id: events.id, createdAt: events.createdAt });
  const committed = inputs.map((input, index) => {
    const row = rows[index];
    if (!row) throw new Error("event insert returned fewer rows than it was given");
    return { ...input, id: row.id, createdAt: row.createdAt };
  });
  const last = committed.at(-1)?.id ?? 0;
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${String(last)})`);
  return committed;
}
