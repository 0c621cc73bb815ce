import type { ProjectSort, ProjectState } from "@atelier/shared";
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, users } from "../../../db/schema/index.ts";

/** Where a page starts: the sort key and id of the previous page's last row (time as `timestampKey` text). */
export type ProjectCursor =
  | { sort: "created"; createdAtKey: string; id: string }
  | { sort: "name"; name: string; id: string };

/** Which projects a list holds; the service decides it with the shared rules. */
export type ProjectScope = { kind: "all" } | { kind: "memberOf"; userId: string };

const lowerName = sql<string>`lower(${projects.name})`;

/**
 * Where a list reads its sort keys. Staff see every live project, so they walk the projects
 * indexes. Everyone else sees only the projects they are an active member of, so their lists start
 * from their memberships, which carry copies of the project's sort keys (kept by a trigger, see
 * the schema): the page is one walk over a project_members index, joined to the page's projects.
 */
interface SortKeys {
  id: typeof projects.id | typeof projectMembers.projectId;
  createdAt: typeof projects.createdAt | typeof projectMembers.projectCreatedAt;
  sortName: SQL;
  /** state, liveness and scoping, without the cursor */
  scope: (state: ProjectState | null) => SQL | undefined;
}

function sortKeysFor(scope: ProjectScope): SortKeys {
  if (scope.kind === "all") {
    return {
      id: projects.id,
      createdAt: projects.createdAt,
      sortName: lowerName,
      scope: (state) => and(isNull(projects.deletedAt), state ? eq(projects.state, state) : undefined),
    };
  }
  return {
    id: projectMembers.projectId,
    createdAt: projectMembers.projectCreatedAt,
    sortName: sql`${projectMembers.projectSortName}`,
    scope: (state) =>
      and(
        eq(projectMembers.userId, scope.userId),
        eq(projectMembers.active, true),
        isNull(projectMembers.projectDeletedAt),
        state ? eq(projectMembers.projectState, state) : undefined,
      ),
  };
}

const memberProject = eq(projects.id, projectMembers.projectId);

/** Finishes a list query: scope, cursor, the order its index supplies, limit + 1. */
function pageOf(
  keys: SortKeys,
  state: ProjectState | null,
  after: ProjectCursor | null,
  sort: ProjectSort,
  limit: number,
) {
  return <Query extends PgSelect>(query: Query) =>
    query
      .where(and(keys.scope(state), startingAfter(keys, after)))
      .orderBy(...orderOf(keys, sort))
      .limit(limit + 1);
}

// Spelled out (not drizzle's desc()) so the ORDER BY matches the indexes' DESC NULLS LAST exactly.
function orderOf(keys: SortKeys, sort: ProjectSort): SQL[] {
  if (sort === "created") return [sql`${keys.createdAt} desc nulls last`, sql`${keys.id} desc nulls last`];
  return [sql`${keys.sortName} asc`, sql`${keys.id} asc`];
}

function startingAfter(keys: SortKeys, cursor: ProjectCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  if (cursor.sort === "created") {
    return sql`(${keys.createdAt}, ${keys.id}) < (${cursor.createdAtKey}::timestamptz, ${cursor.id}::uuid)`;
  }
  return sql`(${keys.sortName}, ${keys.id}) > (${cursor.name}, ${cursor.id}::uuid)`;
}

/** One keyset page (limit + 1 rows) of the viewer's projects in one state, with the owner's name. */
export async function listVisibleProjects(
  db: DbOrTx,
  options: {
    scope: ProjectScope;
    state: ProjectState;
    sort: ProjectSort;
    after: ProjectCursor | null;
    limit: number;
  },
) {
  const keys = sortKeysFor(options.scope);
  const fields = {
    id: projects.id,
    name: projects.name,
    sortName: lowerName,
    state: projects.state,
    taskCount: projects.taskCount,
    archivedTaskCount: projects.archivedTaskCount,
    createdAt: projects.createdAt,
    createdAtKey: timestampKey(keys.createdAt),
    ownerName: users.name,
    ownerSurname: users.surname,
  };
  const page = pageOf(keys, options.state, options.after, options.sort, options.limit);
  const ownerJoin = eq(users.id, projects.ownerId);
  if (options.scope.kind === "all") {
    return page(db.select(fields).from(projects).innerJoin(users, ownerJoin).$dynamic());
  }
  return page(
    db.select(fields).from(projectMembers).innerJoin(projects, memberProject).innerJoin(users, ownerJoin).$dynamic(),
  );
}

export type ProjectListRow = Awaited<ReturnType<typeof listVisibleProjects>>[number];

/** Names of every live project the viewer sees, A→Z, keyset-paged. */
export async function listVisibleProjectNames(
  db: DbOrTx,
  options: { scope: ProjectScope; after: ProjectCursor | null; limit: number },
) {
  const keys = sortKeysFor(options.scope);
  const fields = { id: projects.id, name: projects.name, sortName: lowerName, state: projects.state };
  const page = pageOf(keys, null, options.after, "name", options.limit);
  if (options.scope.kind === "all") return page(db.select(fields).from(projects).$dynamic());
  return page(db.select(fields).from(projectMembers).innerJoin(projects, memberProject).$dynamic());
}
