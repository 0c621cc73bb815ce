import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, tasks, users } from "../../../db/schema/index.ts";
import { userSearchConditions } from "../../../db/user-search.ts";

/** Open tasks (not approved, not archived, on live projects) assigned to the row's designer. */
const openTasks = sql<number>`(
  select count(*)::int from ${tasks}
  join ${projects} on ${projects.id} = ${tasks.projectId} and ${projects.deletedAt} is null
  where ${tasks.designerId} = ${users.id} and ${tasks.archived} = false and ${tasks.status} <> 'approved'
)`;

const onTeam = (projectId: string) =>
  and(
    eq(projectMembers.projectId, projectId),
    eq(projectMembers.userId, users.id),
    eq(projectMembers.projectRole, "designer"),
    eq(projectMembers.active, true),
  );

/**
 * The designers a task can be given, A→Z, each with their open tasks: every active designer on the
 * project's team (a team is small), and of the others at most `othersLimit` (+1, so the caller
 * knows more match); both narrowed to name or e-mail words `search`. Two queries, whatever the
 * number of designer accounts.
 */
export async function listDesignersFor(
  db: DbOrTx,
  options: { projectId: string; search?: string | undefined; othersLimit: number },
) {
  const columns = { id: users.id, name: users.name, surname: users.surname, avatarKey: users.avatarKey, openTasks };
  const designer = and(eq(users.role, "designer"), isNull(users.deletedAt), ...userSearchConditions(options.search));
  const byName = [asc(users.name), asc(users.surname), asc(users.id)];
  const team = await db
    .select(columns)
    .from(users)
    .innerJoin(projectMembers, onTeam(options.projectId))
    .where(designer)
    .orderBy(...byName);
  const others = await db
    .select(columns)
    .from(users)
    .leftJoin(projectMembers, onTeam(options.projectId))
    .where(and(designer, isNull(projectMembers.userId)))
    .orderBy(...byName)
    .limit(options.othersLimit + 1);
  return { team, others };
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
