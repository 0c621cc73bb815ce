import type { DbOrTx } from "../../db/client.ts";
import { events } from "../../db/schema/index.ts";
import type { DomainEvent, DomainEventInput } from "./event.ts";

/** Writes a unit of work's events in one statement and answers them numbered. */
export async function insertEvents(db: DbOrTx, inputs: readonly DomainEventInput[]): Promise<DomainEvent[]> {
  if (inputs.length === 0) return [];
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
  return inputs.map((input, index) => {
    const row = rows[index];
    if (!row) throw new Error("event insert returned fewer rows than it was given");
    return { ...input, id: row.id, createdAt: row.createdAt };
  });
}
