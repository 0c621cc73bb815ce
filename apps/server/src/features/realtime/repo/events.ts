import { sql } from "drizzle-orm";
import type { DomainEvent } from "../../../core/events/event.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { events } from "../../../db/schema/index.ts";

/**
 * Where an event stands in the streams' order: its writer's transaction id, then its id. Every
 * event a stream will ever deliver after position p is after p in this order (see eventsAfter).
 */
export interface EventPosition {
  xid: bigint;
  id: number;
}

export const START: EventPosition = { xid: 0n, id: 0 };

export function comparePositions(a: EventPosition, b: EventPosition): number {
  if (a.xid !== b.xid) return a.xid < b.xid ? -1 : 1;
  return a.id - b.id;
}

export const laterOf = (a: EventPosition, b: EventPosition) => (comparePositions(a, b) >= 0 ? a : b);

export type PositionedEvent = DomainEvent & { position: EventPosition };

/**
 * The visibility horizon as a position: every transaction with a smaller id has ended, so every
 * event that will ever commit from now on stands after it. With it, the ids of the events already
 * committed beyond it (held back behind an older open transaction): a stream that starts now
 * starts at the horizon and skips those, so it gets exactly what commits after it opened.
 */
export async function horizon(db: DbOrTx): Promise<{ position: EventPosition; committed: number[] }> {
  const result = await db.execute(sql`
    select h.xid::text as xid,
      array(select e.id from ${events} e where e.xid >= h.xid order by e.xid, e.id) as committed
    from (select pg_snapshot_xmin(pg_current_snapshot()) as xid) h`);
  const [row] = (result as unknown as { rows: Array<{ xid: string; committed: Array<number | string> | null }> }).rows;
  return { position: { xid: BigInt(row?.xid ?? "0"), id: 0 }, committed: (row?.committed ?? []).map(Number) };
}

/**
 * The position of event `id` as a resuming stream's Last-Event-ID names it: the stream delivered
 * everything up to there. An id that is gone (or never was) stands for the last event below it.
 */
export async function positionOfEvent(db: DbOrTx, id: number): Promise<EventPosition> {
  const result = await db.execute(
    sql`select ${events.xid}::text as xid, ${events.id} as id from ${events} where ${events.id} <= ${id}
      order by ${events.id} desc limit 1`,
  );
  const [row] = (result as unknown as { rows: Array<{ xid: string; id: number | string }> }).rows;
  return row ? { xid: BigInt(row.xid), id: Number(row.id) } : START;
}

/**
 * Committed events after `after` in (xid, id) order, read only below the visibility horizon
 * (`pg_snapshot_xmin(pg_current_snapshot())`: no transaction with a smaller id is still in
 * flight). An event whose transaction commits late has a larger xid than the horizon of any read
 * that could have passed it, so it is never behind a stream's position: no lock among writers.
 * `held` says a committed event was left for later because a transaction before it is still
 * open (its commit, or the next read, delivers it).
 */
export async function eventsAfter(
  db: DbOrTx,
  after: EventPosition,
  limit: number,
): Promise<{ events: PositionedEvent[]; held: boolean }> {
  // Ready rows only, so retries behind a long transaction do not re-read what it holds back; the
  // held flag is one index probe (anything at or above the horizon is after every position).
  const result = await db.execute(sql`
    with h as materialized (select pg_snapshot_xmin(pg_current_snapshot()) as x)
    select r.id, r.type, r.actor_id, r.project_id, r.subject_type, r.subject_id, r.payload, r.at, r.xid::text as xid,
      exists (select 1 from ${events} e where e.xid >= h.x) as held
    from h left join lateral (
      select e.id, e.type, e.actor_id, e.project_id, e.subject_type, e.subject_id, e.payload, e.xid,
        (extract(epoch from e.created_at) * 1000)::bigint as at
      from ${events} e
      where (e.xid, e.id) > (${after.xid.toString()}::xid8, ${after.id}) and e.xid < h.x
      order by e.xid, e.id
      limit ${limit}
    ) r on true
    order by r.xid, r.id`);
  const rows = (result as unknown as { rows: EventRow[] }).rows;
  return {
    held: rows[0]?.held ?? false,
    events: rows.flatMap((row) =>
      row.id === null
        ? []
        : [
            {
              id: Number(row.id),
              type: row.type,
              actorId: row.actor_id,
              projectId: row.project_id,
              subject: row.subject_type && row.subject_id ? { type: row.subject_type, id: row.subject_id } : null,
              payload: row.payload,
              createdAt: new Date(Number(row.at)),
              position: { xid: BigInt(row.xid), id: Number(row.id) },
            } as PositionedEvent,
          ],
    ),
  };
}

/** A row of `eventsAfter`: all nulls but `held` when no event is ready. */
interface EventRow {
  id: number | string | null;
  type: string;
  actor_id: string | null;
  project_id: string | null;
  subject_type: string | null;
  subject_id: string | null;
  payload: Record<string, unknown>;
  at: number | string;
  xid: string;
  held: boolean;
}
