import type { TaskSortType } from "@atelier/shared";
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { preparedOnce } from "../../../db/prepared.ts";
import { tasks } from "../../../db/schema/index.ts";
import { selectTaskViews } from "./read.ts";

/** Where a page starts: the sort values of the previous page's last row (times as `timestampKey` text). */
export type TaskListCursor =
  | { sort: "created"; createdAtKey: string; id: string }
  | { sort: "priority" | "status"; rank: number; createdAtKey: string; id: string }
  | { sort: "custom"; key: string };

// Spelled out (not drizzle's desc()) so each ORDER BY is exactly its index's order (DESC NULLS LAST).
const newest = [sql`${tasks.createdAt} desc nulls last`, sql`${tasks.id} desc nulls last`];
const ORDER: Record<TaskSortType, SQL[]> = {
  created: newest,
  priority: [sql`${tasks.priorityRank} desc nulls last`, ...newest],
  status: [sql`${tasks.statusRank} desc nulls last`, ...newest],
  // Keys are unique among active tasks, so the key alone orders them; the column's collation is "C".
  custom: [sql`${tasks.customSortIndex} asc`],
};

const at = (name: string) => sql.placeholder(name);

// Row comparisons, so a deep page starts with an index condition rather than a filter. The values
// are placeholders: each (sort, first page or not) is one prepared statement.
const STARTING_AFTER: Record<TaskSortType, SQL> = {
  created: sql`(${tasks.createdAt}, ${tasks.id}) < (${at("afterKey")}::timestamptz, ${at("afterId")}::uuid)`,
  priority: sql`(${tasks.priorityRank}, ${tasks.createdAt}, ${tasks.id}) < (${at("afterRank")}::smallint, ${at("afterKey")}::timestamptz, ${at("afterId")}::uuid)`,
  status: sql`(${tasks.statusRank}, ${tasks.createdAt}, ${tasks.id}) < (${at("afterRank")}::smallint, ${at("afterKey")}::timestamptz, ${at("afterId")}::uuid)`,
  custom: sql`${tasks.customSortIndex} > ${at("afterKey")}`,
};

function prepareActivePage(db: DbOrTx, name: string, sort: TaskSortType, deep: boolean) {
  return selectTaskViews(db, at("viewerId"), {})
    .where(and(eq(tasks.projectId, at("projectId")), isNull(tasks.archivedAt), deep ? STARTING_AFTER[sort] : undefined))
    .orderBy(...ORDER[sort])
    .limit(at("limit"))
    .prepare(name);
}

/** The prepared page statement of this sort, first page or deeper. */
function activePageOf(db: DbOrTx, sort: TaskSortType, deep: boolean) {
  return preparedOnce(db, `tasks_active_${sort}_${deep ? "deep" : "first"}`, (db, name) =>
    prepareActivePage(db, name, sort, deep),
  );
}

function cursorValues(cursor: TaskListCursor): Record<string, string | number> {
  switch (cursor.sort) {
    case "created":
      return { afterKey: cursor.createdAtKey, afterId: cursor.id };
    case "priority":
    case "status":
      return { afterRank: cursor.rank, afterKey: cursor.createdAtKey, afterId: cursor.id };
    case "custom":
      return { afterKey: cursor.key };
  }
}

/** One keyset page (limit + 1 rows) of a project's active tasks in one of the four sorts. */
export async function listActiveTasks(
  db: DbOrTx,
  options: { viewerId: string; projectId: string; sort: TaskSortType; after: TaskListCursor | null; limit: number },
) {
  const { viewerId, projectId, sort, after, limit } = options;
  return activePageOf(db, sort, after !== null).execute({
    viewerId,
    projectId,
    limit: limit + 1,
    ...(after ? cursorValues(after) : {}),
  });
}

const ARCHIVED_AFTER = sql`(${tasks.archivedAt}, ${tasks.id}) < (${at("afterKey")}::timestamptz, ${at("afterId")}::uuid)`;

function prepareArchivedPage(db: DbOrTx, name: string, deep: boolean) {
  return selectTaskViews(db, at("viewerId"), {})
    .where(and(eq(tasks.projectId, at("projectId")), isNotNull(tasks.archivedAt), deep ? ARCHIVED_AFTER : undefined))
    .orderBy(sql`${tasks.archivedAt} desc nulls last`, sql`${tasks.id} desc nulls last`)
    .limit(at("limit"))
    .prepare(name);
}

function archivedPageOf(db: DbOrTx, deep: boolean) {
  return preparedOnce(db, `tasks_archived_${deep ? "deep" : "first"}`, (db, name) =>
    prepareArchivedPage(db, name, deep),
  );
}

/** One keyset page (limit + 1 rows) of a project's archived tasks, most recently archived first. */
export async function listArchivedTasks(
  db: DbOrTx,
  options: {
    viewerId: string;
    projectId: string;
    after: { archivedAtKey: string; id: string } | null;
    limit: number;
  },
) {
  const { viewerId, projectId, after, limit } = options;
  return archivedPageOf(db, after !== null).execute({
    viewerId,
    projectId,
    limit: limit + 1,
    ...(after ? { afterKey: after.archivedAtKey, afterId: after.id } : {}),
  });
}
