import type { ProjectRole, Role } from "@atelier/shared";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, users } from "../../../db/schema/index.ts";
import type { MemberRow } from "./projects.ts";

/** A team member with the user fields the team list shows. */
export interface TeamRow {
  projectId: string;
  userId: string;
  projectRole: ProjectRole;
  active: boolean;
  name: string;
  surname: string;
  email: string;
  role: Role;
  avatarKey: string | null;
}

const teamColumns = {
  projectId: projectMembers.projectId,
  userId: projectMembers.userId,
  projectRole: projectMembers.projectRole,
  active: projectMembers.active,
  name: users.name,
  surname: users.surname,
  email: users.email,
  role: users.role,
  avatarKey: users.avatarKey,
};

// Owner first, then the customers, then staff; former members last.
const roleRank = sql`case ${projectMembers.projectRole}
  when 'owner' then 0 when 'editor' then 1 when 'viewer' then 2
  when 'projectManager' then 3 when 'admin' then 4 else 5 end`;

/** The whole team of one project, former members included (flagged inactive). */
export async function listTeam(db: DbOrTx, projectId: string): Promise<TeamRow[]> {
  return db
    .select(teamColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(eq(projectMembers.projectId, projectId))
    .orderBy(desc(projectMembers.active), roleRank, asc(projectMembers.createdAt), asc(projectMembers.userId));
}

/** Active members of a page of projects in one query (no N+1). */
export async function listActiveTeams(db: DbOrTx, projectIds: string[]): Promise<TeamRow[]> {
  if (projectIds.length === 0) return [];
  return db
    .select(teamColumns)
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(and(inArray(projectMembers.projectId, projectIds), eq(projectMembers.active, true)))
    .orderBy(roleRank, asc(projectMembers.createdAt), asc(projectMembers.userId));
}

export async function findMember(db: DbOrTx, projectId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select()
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row;
}

/** Puts a user on the team with `projectRole`, reactivating a former member. */
export async function upsertMember(
  db: DbOrTx,
  values: { projectId: string; userId: string; projectRole: ProjectRole; invitedById: string | null },
): Promise<MemberRow> {
  const [row] = await db
    .insert(projectMembers)
    .values({ ...values, active: true })
    .onConflictDoUpdate({
      target: [projectMembers.projectId, projectMembers.userId],
      set: { projectRole: values.projectRole, active: true, invitedById: values.invitedById },
    })
    .returning();
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function setMemberRole(
  db: DbOrTx,
  projectId: string,
  userId: string,
  projectRole: ProjectRole,
): Promise<void> {
  await db
    .update(projectMembers)
    .set({ projectRole })
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
}

export async function deactivateMember(db: DbOrTx, projectId: string, userId: string): Promise<boolean> {
  const rows = await db
    .update(projectMembers)
    .set({ active: false })
    .where(
      and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId), eq(projectMembers.active, true)),
    )
    .returning({ userId: projectMembers.userId });
  return rows.length > 0;
}
