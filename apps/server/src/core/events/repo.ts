import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import type { DomainEvent, DomainEventInput } from "./event.ts";
import type { EventWrite } from "./writes.ts";

/** The channel every instance LISTENs on; the message is the highest event id just committed. */
export const EVENTS_CHANNEL = "atelier_events";

const WRITTEN = "written_events";

/**
 * Writes a unit of work's events, what features derive from them (`writes`) and the NOTIFY in
 * one statement, and answers the events numbered with each write's returned rows. No lock: each
 * row records its transaction's id (`xid`, default `pg_current_xact_id()`), and streams read in
 * (xid, id) order only below the oldest transaction still in flight (features/realtime/repo/
 * events.ts), so an event that commits late is never behind a stream's position and writers do
 * not wait on each other (docs/decisions/030-event-order.md). The NOTIFY inside the transaction
 * reaches the other instances only if it commits.
 */
export async function insertEvents(
  db: DbOrTx,
  inputs: readonly DomainEventInput[],
  writes: readonly EventWrite[] = [],
): Promise<{ events: DomainEvent[]; rows: Array<Record<string, unknown>[]> }> {
  if (inputs.length === 0) return { events: [], rows: writes.map(() => []) };
  const records = inputs.map((input, index) => ({
    ord: index + 1,
    type: input.type,
    actor_id: input.actorId,
    project_id: input.projectId,
    subject_type: input.subject?.type ?? null,
    subject_id: input.subject?.id ?? null,
    payload: input.payload,
  }));
  const written = sql`${sql.identifier(WRITTEN)}`;
  const ctes: SQL[] = [];
  const results: string[] = [];
  const names = new Set<string>([WRITTEN, "new_events", "notified"]);
  for (const write of writes) {
    const parts = write.ctes?.(written) ?? [];
    for (const part of parts) {
      if (names.has(part.name)) throw new Error(`two event writes name a CTE ${part.name}`);
      names.add(part.name);
      ctes.push(sql`, ${sql.identifier(part.name)} as (${part.body})`);
    }
    results.push(parts.at(-1)?.name ?? "");
  }
  const resultColumns = results.map((name, index) =>
    name
      ? sql`, (select coalesce(json_agg(r), '[]'::json) from ${sql.identifier(name)} r) as ${sql.identifier(`w${index}`)}`
      : sql`, '[]'::json as ${sql.identifier(`w${index}`)}`,
  );
  // Identity values follow the ORDER BY of the insert's source; `ord` is then the id's rank.
  const result = await db.execute(sql`
    with new_events as (
      insert into events (type, actor_id, project_id, subject_type, subject_id, payload)
      select x.type, x.actor_id, x.project_id, x.subject_type, x.subject_id, x.payload
      from jsonb_to_recordset(${JSON.stringify(records)}::jsonb)
        as x(ord int, type text, actor_id uuid, project_id uuid, subject_type text, subject_id text, payload jsonb)
      order by x.ord
      returning id, created_at
    ), ${written} as (
      select id, created_at, row_number() over (order by id)::int as ord from new_events
    ), notified as (
      select pg_notify(${EVENTS_CHANNEL}, (select max(id)::text from ${written}))
    )${sql.join(ctes)}
    select
      (select json_agg(json_build_object('id', id, 'at', (extract(epoch from created_at) * 1000)::bigint) order by id)
        from ${written}) as events,
      (select count(*) from notified)::int as notified
      ${sql.join(resultColumns)}`);
  const [row] = (result as unknown as { rows: Array<Record<string, unknown>> }).rows;
  const numbered = (row?.events ?? []) as Array<{ id: number | string; at: number | string }>;
  const events = inputs.map((input, index) => {
    const stored = numbered[index];
    if (!stored) throw new Error("event insert returned fewer rows than it was given");
    return { ...input, id: Number(stored.id), createdAt: new Date(Number(stored.at)) } as DomainEvent;
  });
  return { events, rows: writes.map((_, index) => (row?.[`w${index}`] ?? []) as Record<string, unknown>[]) };
}
