import type { ProjectRole, Role } from "@atelier/shared";
import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, sessions, users } from "../../../db/schema/index.ts";

/** The live session a stream token names, with its user; undefined when signed out or removed. */
export async function findStreamViewer(db: DbOrTx, input: { userId: string; sessionId: string }) {
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, input.sessionId),
        eq(sessions.userId, input.userId),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row as { id: string; role: Role } | undefined;
}

/** Active members of the projects and their project roles, by project id then user id. */
export async function projectRolesOf(
  db: DbOrTx,
  projectIds: readonly string[],
): Promise<Map<string, Map<string, ProjectRole>>> {
  const byProject = new Map<string, Map<string, ProjectRole>>();
  if (projectIds.length === 0) return byProject;
  const rows = await db
    .select({ projectId: projectMembers.projectId, userId: projectMembers.userId, role: projectMembers.projectRole })
    .from(projectMembers)
    .where(and(inArray(projectMembers.projectId, [...projectIds]), eq(projectMembers.active, true)));
  for (const row of rows) {
    const members = byProject.get(row.projectId) ?? new Map<string, ProjectRole>();
    members.set(row.userId, row.role);
    byProject.set(row.projectId, members);
  }
  return byProject;
}
