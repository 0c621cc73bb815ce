import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, tasks, users } from "../../../db/schema/index.ts";

/**
 * Every designer account, flagged when they are an active designer on the project, with how many
 * open tasks (not approved, not archived, on live projects) are assigned to them — one query.
 */
export async function listDesignersFor(db: DbOrTx, projectId: string) {
  const openTasks = sql<number>`(
    select count(*)::int from ${tasks}
    join ${projects} on ${projects.id} = ${tasks.projectId} and ${projects.deletedAt} is null
    where ${tasks.designerId} = ${users.id} and ${tasks.archived} = false and ${tasks.status} <> 'approved'
  )`;
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      avatarKey: users.avatarKey,
      onProject: sql<boolean>`coalesce(${projectMembers.active}, false)`,
      openTasks,
    })
    .from(users)
    .leftJoin(
      projectMembers,
      and(
        eq(projectMembers.projectId, projectId),
        eq(projectMembers.userId, users.id),
        eq(projectMembers.projectRole, "designer"),
      ),
    )
    .where(and(eq(users.role, "designer"), isNull(users.deletedAt)))
    .orderBy(asc(users.name), asc(users.surname), asc(users.id));
}

/** A user account by id, deleted or not (the caller tells the refusals apart), and whether they are on the team. */
export async function findDesignerCandidate(db: DbOrTx, userId: string, projectId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      deletedAt: users.deletedAt,
      onTeam: sql<boolean>`coalesce(${projectMembers.active}, false)`,
    })
    .from(users)
    .leftJoin(projectMembers, and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
