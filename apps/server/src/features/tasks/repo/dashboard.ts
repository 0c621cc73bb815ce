import type { TaskStatus } from "@atelier/shared";
import { and, eq, ilike, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, projects, tasks } from "../../../db/schema/index.ts";
import { selectTaskViews } from "./read.ts";

/** Whose tasks the dashboard holds; the service decides it with the shared rules. */
export type DashboardScope = { kind: "all" } | { kind: "assignedTo"; designerId: string };

export interface DashboardFilters {
  archived: boolean;
  status?: TaskStatus | undefined;
  designerId?: string | undefined;
  projectId?: string | undefined;
  deadlineBefore?: Date | undefined;
  /** words that must all appear in the title */
  words: string[];
}

/**
 * The dashboard is two keyset walks: tasks with a deadline, soonest first (so overdue ones lead),
 * then tasks without one, newest first. A cursor names its walk and the last row's keys.
 */
export type DashboardCursor =
  | { phase: "dated"; deadlineKey: string; id: string }
  | { phase: "undated"; createdAtKey: string; id: string };

const escapeLike = (word: string) => word.replace(/[%_\\]/g, (c) => `\\${c}`);

function filtersOf(scope: DashboardScope, filters: DashboardFilters): SQL | undefined {
  return and(
    eq(tasks.archived, filters.archived),
    scope.kind === "assignedTo" ? eq(tasks.designerId, scope.designerId) : undefined,
    filters.status ? eq(tasks.status, filters.status) : undefined,
    filters.designerId ? eq(tasks.designerId, filters.designerId) : undefined,
    filters.projectId ? eq(tasks.projectId, filters.projectId) : undefined,
    filters.deadlineBefore ? sql`${tasks.deadline} <= ${filters.deadlineBefore.toISOString()}::timestamptz` : undefined,
    ...filters.words.map((word) => ilike(tasks.title, `%${escapeLike(word)}%`)),
  );
}

/** Live projects only; a designer's tasks only on projects they are still an active member of. */
function scoped<Query extends PgSelect>(query: Query, scope: DashboardScope) {
  const withProject = query.innerJoin(projects, and(eq(projects.id, tasks.projectId), isNull(projects.deletedAt)));
  if (scope.kind === "all") return withProject;
  return withProject.innerJoin(
    projectMembers,
    and(
      eq(projectMembers.projectId, tasks.projectId),
      eq(projectMembers.userId, scope.designerId),
      eq(projectMembers.active, true),
    ),
  );
}

/** One walk of the dashboard: up to `limit` rows after `after` (same walk) or from its start. */
export async function listDashboardTasks(
  db: DbOrTx,
  options: {
    viewerId: string;
    scope: DashboardScope;
    filters: DashboardFilters;
    phase: DashboardCursor["phase"];
    after: DashboardCursor | null;
    limit: number;
  },
) {
  const { scope, filters, phase, after } = options;
  const extra = {
    projectName: projects.name,
    deadlineKey: sql<
      string | null
    >`case when ${tasks.deadline} is null then null else ${timestampKey(tasks.deadline)} end`,
  };
  const query = scoped(selectTaskViews(db, options.viewerId, extra), scope);
  if (phase === "dated") {
    const start =
      after?.phase === "dated"
        ? sql`(${tasks.deadline}, ${tasks.id}) > (${after.deadlineKey}::timestamptz, ${after.id}::uuid)`
        : undefined;
    return query
      .where(and(filtersOf(scope, filters), isNotNull(tasks.deadline), start))
      .orderBy(sql`${tasks.deadline} asc`, sql`${tasks.id} asc`)
      .limit(options.limit);
  }
  const start =
    after?.phase === "undated"
      ? sql`(${tasks.createdAt}, ${tasks.id}) < (${after.createdAtKey}::timestamptz, ${after.id}::uuid)`
      : undefined;
  return query
    .where(and(filtersOf(scope, filters), isNull(tasks.deadline), start))
    .orderBy(sql`${tasks.createdAt} desc nulls last`, sql`${tasks.id} desc nulls last`)
    .limit(options.limit);
}

export type DashboardRow = Awaited<ReturnType<typeof listDashboardTasks>>[number];

/** How many dashboard tasks have each status under the filters (statuses without tasks are left out). */
export async function countDashboardTasks(
  db: DbOrTx,
  options: { scope: DashboardScope; filters: DashboardFilters },
): Promise<Array<{ status: TaskStatus; count: number }>> {
  const query = db.select({ status: tasks.status, count: sql<number>`count(*)::int` }).from(tasks).$dynamic();
  return scoped(query, options.scope).where(filtersOf(options.scope, options.filters)).groupBy(tasks.status);
}
