import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { tasks } from "../../../db/schema/index.ts";

// Any fixed number: the first half of the advisory lock key of "a project's custom task order".
const TASK_ORDER_LOCK = 7_243_912;

/**
 * Serialises writers of one project's custom order until the transaction ends, so two of them
 * never compute the same key from the same neighbours (keys are unique among active tasks).
 * An advisory lock rather than a row lock: it guards no row, only the act of choosing a key.
 */
export async function lockTaskOrder(db: DbOrTx, projectId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${TASK_ORDER_LOCK}, hashtext(${projectId}))`);
}

const activeIn = (projectId: string) => and(eq(tasks.projectId, projectId), isNull(tasks.archivedAt));

/** The first key of the project's custom order (one index probe), leaving out `exceptTaskId`. */
export async function findFirstKey(db: DbOrTx, projectId: string, exceptTaskId?: string): Promise<string | null> {
  const [row] = await db
    .select({ key: tasks.customSortIndex })
    .from(tasks)
    .where(and(activeIn(projectId), exceptTaskId ? ne(tasks.id, exceptTaskId) : undefined))
    .orderBy(asc(tasks.customSortIndex))
    .limit(1);
  return row?.key ?? null;
}

/** The key right after `key` (one index probe), leaving out `exceptTaskId`. */
export async function findKeyAfter(
  db: DbOrTx,
  projectId: string,
  key: string,
  exceptTaskId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ key: tasks.customSortIndex })
    .from(tasks)
    .where(and(activeIn(projectId), gt(tasks.customSortIndex, key), ne(tasks.id, exceptTaskId)))
    .orderBy(asc(tasks.customSortIndex))
    .limit(1);
  return row?.key ?? null;
}

/** The key of an active task of the project; null when it is archived, elsewhere or unknown. */
export async function findActiveKey(db: DbOrTx, projectId: string, taskId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: tasks.customSortIndex })
    .from(tasks)
    .where(and(activeIn(projectId), eq(tasks.id, taskId)))
    .limit(1);
  return row?.key ?? null;
}
