import type { ProjectSort, ProjectState, Role } from "@atelier/shared";
import { isStaff } from "@atelier/shared";
import { and, eq, exists, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, users } from "../../../db/schema/index.ts";

/** Where a page starts: the sort key and id of the previous page's last row. */
export type ProjectCursor =
  | { sort: "created"; createdAt: Date; id: string }
  | { sort: "name"; name: string; id: string };

/**
 * Scoping inside the SQL (DESIGN §11): staff see every live project, everyone else only those
 * they are an active member of (served by project_members_user_idx).
 */
function visibleTo(db: DbOrTx, viewer: { id: string; role: Role }): SQL | undefined {
  if (isStaff(viewer.role)) return undefined;
  return exists(
    db
      .select({ one: sql`1` })
      .from(projectMembers)
      .where(
        and(
          eq(projectMembers.projectId, projects.id),
          eq(projectMembers.userId, viewer.id),
          eq(projectMembers.active, true),
        ),
      ),
  );
}

const lowerName = sql<string>`lower(${projects.name})`;

// Spelled out (not drizzle's desc()) so the ORDER BY matches the indexes' DESC NULLS LAST exactly.
const orderBy = {
  created: [sql`${projects.createdAt} desc nulls last`, sql`${projects.id} desc nulls last`],
  name: [sql`lower(${projects.name}) asc`, sql`${projects.id} asc`],
} as const;

function startingAfter(cursor: ProjectCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  if (cursor.sort === "created") {
    return sql`(${projects.createdAt}, ${projects.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`;
  }
  return sql`(${lowerName}, ${projects.id}) > (${cursor.name}, ${cursor.id}::uuid)`;
}

/** One keyset page (limit + 1 rows) of the viewer's projects in one state, with the owner's name. */
export async function listVisibleProjects(
  db: DbOrTx,
  options: {
    viewer: { id: string; role: Role };
    state: ProjectState;
    sort: ProjectSort;
    after: ProjectCursor | null;
    limit: number;
  },
) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      sortName: lowerName,
      state: projects.state,
      taskCount: projects.taskCount,
      archivedTaskCount: projects.archivedTaskCount,
      createdAt: projects.createdAt,
      ownerName: users.name,
      ownerSurname: users.surname,
    })
    .from(projects)
    .innerJoin(users, eq(users.id, projects.ownerId))
    .where(
      and(
        isNull(projects.deletedAt),
        eq(projects.state, options.state),
        visibleTo(db, options.viewer),
        startingAfter(options.after),
      ),
    )
    .orderBy(...orderBy[options.sort])
    .limit(options.limit + 1);
}

export type ProjectListRow = Awaited<ReturnType<typeof listVisibleProjects>>[number];

/** Names of every live project the viewer sees, A→Z, keyset-paged. */
export async function listVisibleProjectNames(
  db: DbOrTx,
  options: { viewer: { id: string; role: Role }; after: { name: string; id: string } | null; limit: number },
) {
  return db
    .select({ id: projects.id, name: projects.name, sortName: lowerName, state: projects.state })
    .from(projects)
    .where(
      and(
        isNull(projects.deletedAt),
        visibleTo(db, options.viewer),
        startingAfter(options.after ? { sort: "name", ...options.after } : null),
      ),
    )
    .orderBy(...orderBy.name)
    .limit(options.limit + 1);
}
