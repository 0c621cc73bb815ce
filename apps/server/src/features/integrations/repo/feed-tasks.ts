import { and, asc, eq, exists, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, tasks, users } from "../../../db/schema/index.ts";

/**
 * Tasks with a deadline on or after `from` in the live projects the person sees: every project
 * for staff (`everyProject`), else those they are a member of (customers, designers on the team),
 * soonest first, at most `limit`.
 */
export async function listDeadlineTasks(
  db: DbOrTx,
  options: { userId: string; everyProject: boolean; from: Date; limit: number },
) {
  const member = db
    .select({ one: sql`1` })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, options.userId)));
  return db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      projectName: projects.name,
      title: tasks.title,
      status: tasks.status,
      deadline: tasks.deadline,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(tasks.archived, false),
        isNotNull(tasks.deadline),
        gte(tasks.deadline, options.from),
        isNull(projects.deletedAt),
        options.everyProject ? undefined : exists(member),
      ),
    )
    .orderBy(asc(tasks.deadline), asc(tasks.id))
    .limit(options.limit);
}

/**
 * Open tasks (to do, in progress) with a designer, of one designer or of all: what the schedule
 * screen lays over days. Dated ones whose deadline is on or after `from`, and undated ones in
 * progress (their days run from the start over the time to completion).
 */
export async function listScheduleTasks(
  db: DbOrTx,
  options: { designerId: string | undefined; from: Date; limit: number },
) {
  return db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      projectName: projects.name,
      title: tasks.title,
      status: tasks.status,
      deadline: tasks.deadline,
      startedAt: tasks.startedAt,
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
      estimatedTimeOfCompletion: tasks.estimatedTimeOfCompletion,
      designerName: users.name,
      designerSurname: users.surname,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(users, eq(users.id, tasks.designerId))
    .where(
      and(
        options.designerId ? eq(tasks.designerId, options.designerId) : isNotNull(tasks.designerId),
        eq(tasks.archived, false),
        inArray(tasks.status, ["todo", "inProgress"]),
        isNull(projects.deletedAt),
        or(gte(tasks.deadline, options.from), and(isNull(tasks.deadline), eq(tasks.status, "inProgress"))),
      ),
    )
    .orderBy(sql`${tasks.deadline} nulls last`, asc(tasks.startedAt), asc(tasks.id))
    .limit(options.limit);
}
