import { asc, gt, max } from "drizzle-orm";
import type { DomainEvent } from "../../../core/events/event.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { events } from "../../../db/schema/index.ts";

/** The highest committed event id (0 for none): where a fresh hub starts. */
export async function lastEventId(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ id: max(events.id) }).from(events);
  return row?.id ?? 0;
}

/**
 * Committed events after `afterId`, in id order. Ids are handed out in commit order (see
 * core/events/repo.ts), so this is always a gap-free continuation of what was read before.
 */
export async function eventsAfter(db: DbOrTx, afterId: number, limit: number): Promise<DomainEvent[]> {
  const rows = await db.select().from(events).where(gt(events.id, afterId)).orderBy(asc(events.id)).limit(limit);
  return rows.map(
    (row) =>
      ({
        id: row.id,
        type: row.type,
        actorId: row.actorId,
        projectId: row.projectId,
        subject: row.subjectType && row.subjectId ? { type: row.subjectType, id: row.subjectId } : null,
        payload: row.payload,
        createdAt: row.createdAt,
      }) as DomainEvent,
  );
}
