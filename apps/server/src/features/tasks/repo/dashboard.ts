import { PAGE_SIZE, type TaskStatus } from "@atelier/shared";
import { and, eq, ilike, isNotNull, isNull, type Placeholder, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { epochMs } from "../../../db/epoch-ms.ts";
import { preparedOnce } from "../../../db/prepared.ts";
import { projectMembers, projects, tasks, taskViews } from "../../../db/schema/index.ts";
import {
  creator,
  creatorOfTask,
  descriptionFiles,
  designer,
  designerOfTask,
  designsAndCommentsSeen,
  seenBy,
  taskPeopleFields,
} from "./read.ts";

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
function scoped<Query extends PgSelect>(
  query: Query,
  scope: { kind: "all" } | { kind: "assignedTo"; designerId: string | Placeholder },
) {
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

/**
 * What every viewer sees alike of a dashboard row, written by PostgreSQL as the item's JSON text
 * (times as epoch ms, no deadline as 0, as `presentTask` writes them). The rest depends on the viewer
 * (surnames, cost, abilities) or on the designs, and the presenter adds it in JavaScript
 * (`dashboardItemJson`): a page of 20 rows read into objects, checked and written again cost the
 * call as much CPU as its three statements (docs/decisions/053-answers-written-by-postgresql.md).
 */
const sharedJson = sql<string>`json_build_object(
  'id', ${tasks.id}, 'projectId', ${tasks.projectId}, 'projectName', ${projects.name},
  'title', ${tasks.title}, 'description', ${tasks.description}, 'descriptionFiles', ${descriptionFiles},
  'status', ${tasks.status}, 'taskArchived', ${tasks.archived}, 'designerId', ${tasks.designerId},
  'designsAndCommentsSeen', ${designsAndCommentsSeen},
  'customSortIndex', ${tasks.customSortIndex}, 'deadline', coalesce(${epochMs(tasks.deadline)}, 0),
  'estimatedTimeOfCompletion', ${tasks.estimatedTimeOfCompletion},
  'createdAt', ${epochMs(tasks.createdAt)}, 'updatedAt', ${epochMs(tasks.updatedAt)}
)::text`;

/** A dashboard row: the facts the viewer's part is decided on, the people, the walk's keys, and `sharedJson`. */
const dashboardFields = {
  id: tasks.id,
  designerId: tasks.designerId,
  status: tasks.status,
  archived: tasks.archived,
  priority: tasks.priority,
  estimatedWork: tasks.estimatedWork,
  createdById: tasks.createdById,
  ...taskPeopleFields,
  createdAtKey: timestampKey(tasks.createdAt),
  deadlineKey: sql<
    string | null
  >`case when ${tasks.deadline} is null then null else ${timestampKey(tasks.deadline)} end`,
  sharedJson,
};

const at = (name: string) => sql.placeholder(name);

// Each walk's start and order, over the values of the previous page's last row.
const WALKS = {
  dated: {
    where: isNotNull(tasks.deadline),
    startingAfter: (key: SQLWrapper | string, id: SQLWrapper | string) =>
      sql`(${tasks.deadline}, ${tasks.id}) > (${key}::timestamptz, ${id}::uuid)`,
    order: [sql`${tasks.deadline} asc`, sql`${tasks.id} asc`],
  },
  undated: {
    where: isNull(tasks.deadline),
    startingAfter: (key: SQLWrapper | string, id: SQLWrapper | string) =>
      sql`(${tasks.createdAt}, ${tasks.id}) < (${key}::timestamptz, ${id}::uuid)`,
    order: [sql`${tasks.createdAt} desc nulls last`, sql`${tasks.id} desc nulls last`],
  },
} as const;

function afterKeys(after: DashboardCursor): { afterKey: string; afterId: string } {
  return after.phase === "dated"
    ? { afterKey: after.deadlineKey, afterId: after.id }
    : { afterKey: after.createdAtKey, afterId: after.id };
}

type WalkKey = { scopeKind: DashboardScope["kind"]; phase: DashboardCursor["phase"]; deep: boolean; archived: boolean };

/** The dashboard's rows before their scope, filters and walk. */
function selectDashboardRows(db: DbOrTx, viewerId: string | Placeholder) {
  return db
    .select(dashboardFields)
    .from(tasks)
    .leftJoin(designer, designerOfTask)
    .leftJoin(creator, creatorOfTask)
    .leftJoin(taskViews, seenBy(viewerId))
    .$dynamic();
}

/** A scope in a prepared statement: the designer is a placeholder (`designerId`). */
function preparedScope(scopeKind: DashboardScope["kind"]) {
  const designerId = at("designerId");
  return scopeKind === "all"
    ? { join: { kind: "all" as const }, where: undefined }
    : { join: { kind: "assignedTo" as const, designerId }, where: eq(tasks.designerId, designerId) };
}

/**
 * The rows a first-opened dashboard walk reads: a page of the default size and one more (to know
 * whether another page follows). Only that size is prepared; other sizes are built per call.
 */
const PREPARED_LIMIT = PAGE_SIZE.dashboardTasks + 1;

/**
 * The dashboard as it first opens (no filter but archived or not, no search): one prepared
 * statement per scope, walk, first or later page and archived or not, so the hot call does not
 * build its SQL each time (Drizzle took ~150 µs to build this query, DESIGN §10). The page size
 * and the archived flag are written into the statement, not passed as parameters: PostgreSQL's
 * generic plan guesses a tenth of the table for `limit $n`, which made it 400 ms, so every call was
 * planned afresh (0.9 ms each, three times the execution). With them fixed, the generic plan walks
 * the index like the custom one and the planning is done once per connection. Filtered views are
 * built per call.
 */
function prepareWalk(db: DbOrTx, name: string, key: WalkKey) {
  const { scopeKind, phase, deep, archived } = key;
  const walk = WALKS[phase];
  const scope = preparedScope(scopeKind);
  return scoped(selectDashboardRows(db, at("viewerId")), scope.join)
    .where(
      and(
        archived ? sql`${tasks.archived} = true` : sql`${tasks.archived} = false`,
        scope.where,
        walk.where,
        deep ? walk.startingAfter(at("afterKey"), at("afterId")) : undefined,
      ),
    )
    .orderBy(...walk.order)
    .limit(PREPARED_LIMIT)
    .prepare(name);
}

function walkOf(db: DbOrTx, key: WalkKey) {
  const name = `dashboard_${key.scopeKind}_${key.phase}_${key.deep ? "deep" : "first"}_${key.archived ? "archived" : "live"}`;
  return preparedOnce(db, name, (db, name) => prepareWalk(db, name, key));
}

const unfiltered = (filters: DashboardFilters) =>
  !filters.status && !filters.designerId && !filters.projectId && !filters.deadlineBefore && filters.words.length === 0;

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
  const { scope, filters, phase, limit } = options;
  const after = options.after?.phase === phase ? options.after : null;
  if (unfiltered(filters) && limit === PREPARED_LIMIT) {
    const key = { scopeKind: scope.kind, phase, deep: after !== null, archived: filters.archived };
    return walkOf(db, key).execute({
      viewerId: options.viewerId,
      ...(scope.kind === "assignedTo" ? { designerId: scope.designerId } : {}),
      ...(after ? afterKeys(after) : {}),
    });
  }
  const walk = WALKS[phase];
  const start = after ? afterKeys(after) : null;
  // The page's tasks are found first and only they are read in full: a title search then walks
  // the order index alone (it holds the title and project), not a heap row per task passed over;
  // words too rare for a walk go to the trigram index (docs/decisions/037-schedule-and-dashboard-search-statements.md).
  const walked = scoped(db.select({ id: tasks.id }).from(tasks).$dynamic(), scope)
    .where(
      and(filtersOf(scope, filters), walk.where, start ? walk.startingAfter(start.afterKey, start.afterId) : undefined),
    )
    .orderBy(...walk.order)
    .limit(limit)
    .as("walked");
  return selectDashboardRows(db, options.viewerId)
    .innerJoin(walked, eq(walked.id, tasks.id))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .orderBy(...walk.order);
}

export type DashboardRow = Awaited<ReturnType<typeof listDashboardTasks>>[number];

function prepareCounts(db: DbOrTx, name: string, scopeKind: DashboardScope["kind"]) {
  const scope = preparedScope(scopeKind);
  const query = db.select({ status: tasks.status, count: sql<number>`count(*)::int` }).from(tasks).$dynamic();
  return scoped(query, scope.join)
    .where(and(eq(tasks.archived, at("archived")), scope.where))
    .groupBy(tasks.status)
    .prepare(name);
}

// The counts beside the unfiltered dashboard load with it each time: prepared, as its walks are.
function countsOf(db: DbOrTx, scopeKind: DashboardScope["kind"]) {
  return preparedOnce(db, `dashboard_counts_${scopeKind}`, (db, name) => prepareCounts(db, name, scopeKind));
}

/** How many dashboard tasks have each status under the filters (statuses without tasks are left out). */
export async function countDashboardTasks(
  db: DbOrTx,
  options: { scope: DashboardScope; filters: DashboardFilters },
): Promise<Array<{ status: TaskStatus; count: number }>> {
  const { scope, filters } = options;
  if (unfiltered(filters)) {
    return countsOf(db, scope.kind).execute({
      archived: filters.archived,
      ...(scope.kind === "assignedTo" ? { designerId: scope.designerId } : {}),
    });
  }
  const query = db.select({ status: tasks.status, count: sql<number>`count(*)::int` }).from(tasks).$dynamic();
  return scoped(query, scope).where(filtersOf(scope, filters)).groupBy(tasks.status);
}
