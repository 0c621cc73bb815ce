import { and, desc, eq, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../../../db/client.ts";
import { events, users } from "../../../db/schema/index.ts";

const actor = alias(users, "actor");
const assignee = alias(users, "assignee");

/**
 * One keyset page (limit + 1) of a task's events, newest first: a walk over the events'
 * (subject_type, subject_id, id) index. The assigned designer's name is joined for the one event
 * type that names a second person.
 */
export async function listTaskEvents(db: DbOrTx, options: { taskId: string; beforeId: number | null; limit: number }) {
  const assigneeId = sql`case when ${events.type} = 'task.designerAssigned' then (${events.payload}->>'designerId')::uuid end`;
  return db
    .select({
      id: events.id,
      type: events.type,
      payload: events.payload,
      createdAt: events.createdAt,
      actorId: events.actorId,
      actorName: actor.name,
      actorSurname: actor.surname,
      actorAvatarKey: actor.avatarKey,
      assigneeName: assignee.name,
      assigneeSurname: assignee.surname,
    })
    .from(events)
    .leftJoin(actor, eq(actor.id, events.actorId))
    .leftJoin(assignee, eq(assignee.id, assigneeId))
    .where(
      and(
        eq(events.subjectType, "task"),
        eq(events.subjectId, options.taskId),
        // Approval is told by its status change; `task.approved` is for consumers (work log, notifications).
        ne(events.type, "task.approved"),
        options.beforeId === null ? undefined : lt(events.id, options.beforeId),
      ),
    )
    .orderBy(desc(events.id))
    .limit(options.limit + 1);
}

export type TaskEventRow = Awaited<ReturnType<typeof listTaskEvents>>[number];
