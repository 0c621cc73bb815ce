import type { TaskSortType } from "@atelier/shared";
import { and, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
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

// Row comparisons, so a deep page starts with an index condition rather than a filter.
function startingAfter(cursor: TaskListCursor | null): SQL | undefined {
  if (!cursor) return undefined;
  switch (cursor.sort) {
    case "created":
      return sql`(${tasks.createdAt}, ${tasks.id}) < (${cursor.createdAtKey}::timestamptz, ${cursor.id}::uuid)`;
    case "priority":
      return sql`(${tasks.priorityRank}, ${tasks.createdAt}, ${tasks.id}) < (${cursor.rank}::smallint, ${cursor.createdAtKey}::timestamptz, ${cursor.id}::uuid)`;
    case "status":
      return sql`(${tasks.statusRank}, ${tasks.createdAt}, ${tasks.id}) < (${cursor.rank}::smallint, ${cursor.createdAtKey}::timestamptz, ${cursor.id}::uuid)`;
    case "custom":
      return sql`${tasks.customSortIndex} > ${cursor.key}`;
  }
}

/** One keyset page (limit + 1 rows) of a project's active tasks in one of the four sorts. */
export async function listActiveTasks(
  db: DbOrTx,
  options: { viewerId: string; projectId: string; sort: TaskSortType; after: TaskListCursor | null; limit: number },
) {
  return selectTaskViews(db, options.viewerId, {})
    .where(and(eq(tasks.projectId, options.projectId), isNull(tasks.archivedAt), startingAfter(options.after)))
    .orderBy(...ORDER[options.sort])
    .limit(options.limit + 1);
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
  const after = options.after
    ? sql`(${tasks.archivedAt}, ${tasks.id}) < (${options.after.archivedAtKey}::timestamptz, ${options.after.id}::uuid)`
    : undefined;
  return selectTaskViews(db, options.viewerId, {})
    .where(and(eq(tasks.projectId, options.projectId), isNotNull(tasks.archivedAt), after))
    .orderBy(sql`${tasks.archivedAt} desc nulls last`, sql`${tasks.id} desc nulls last`)
    .limit(options.limit + 1);
}
