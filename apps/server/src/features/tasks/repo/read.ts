import type { TaskFile } from "@atelier/shared";
import { and, eq, getTableColumns, type Placeholder, sql } from "drizzle-orm";
import { alias, type SelectedFields } from "drizzle-orm/pg-core";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { preparedOnce } from "../../../db/prepared.ts";
import { files, taskFiles, tasks, taskViews, users } from "../../../db/schema/index.ts";

/**
 * Everything a presented task needs, read in one statement: the task, its designer and author,
 * the viewer's own seen flag and the description files (aggregated in a subquery, so a page of
 * tasks is still one query, not one per task).
 */
export const designer = alias(users, "designer");
export const creator = alias(users, "creator");

export const descriptionFiles = sql<TaskFile[]>`coalesce((
  select json_agg(json_build_object(
    'key', ${files.key}, 'name', ${files.originalName}, 'contentType', ${files.contentType}, 'size', ${files.size}
  ) order by ${taskFiles.addedAt}, ${taskFiles.fileKey})
  from ${taskFiles} join ${files} on ${files.key} = ${taskFiles.fileKey}
  where ${taskFiles.taskId} = ${tasks.id}
), '[]'::json)`;

/** The viewer's own flag: false while a design or comment on the task is new to them (no row: seen). */
export const designsAndCommentsSeen = sql<boolean>`coalesce(${taskViews.designsAndCommentsSeen}, true)`;

/** The task's designer and author, as the presenter makes their TaskPerson (with the task's ids). */
export const taskPeopleFields = {
  designerName: designer.name,
  designerSurname: designer.surname,
  designerAvatarKey: designer.avatarKey,
  creatorName: creator.name,
  creatorSurname: creator.surname,
  creatorAvatarKey: creator.avatarKey,
};

export const taskViewFields = {
  ...getTableColumns(tasks),
  createdAtKey: timestampKey(tasks.createdAt),
  archivedAtKey: sql<
    string | null
  >`case when ${tasks.archivedAt} is null then null else ${timestampKey(tasks.archivedAt)} end`,
  ...taskPeopleFields,
  designsAndCommentsSeen,
  descriptionFiles,
};

/** The select every read of presented tasks starts from (plus `extra` fields); the caller adds the rest. */
export function selectTaskViews<Extra extends SelectedFields>(
  db: DbOrTx,
  viewerId: string | Placeholder,
  extra: Extra,
) {
  return db
    .select({ ...taskViewFields, ...extra })
    .from(tasks)
    .leftJoin(designer, designerOfTask)
    .leftJoin(creator, creatorOfTask)
    .leftJoin(taskViews, seenBy(viewerId))
    .$dynamic();
}

/** The joins of a presented task, for reads that select other fields (the dashboard's rows). */
export const designerOfTask = eq(designer.id, tasks.designerId);
export const creatorOfTask = eq(creator.id, tasks.createdById);
export const seenBy = (viewerId: string | Placeholder) =>
  and(eq(taskViews.taskId, tasks.id), eq(taskViews.userId, viewerId));

function prepareTaskView(db: DbOrTx, name: string) {
  return selectTaskViews(db, sql.placeholder("viewerId"), {})
    .where(and(eq(tasks.id, sql.placeholder("taskId")), eq(tasks.projectId, sql.placeholder("projectId"))))
    .limit(1)
    .prepare(name);
}

/** One task as the viewer sees it: a prepared statement, as every task call reads it (DESIGN §10, hot calls). */
export async function findTaskView(db: DbOrTx, viewerId: string, ref: { projectId: string; taskId: string }) {
  const [row] = await preparedOnce(db, "task_view", prepareTaskView).execute({
    viewerId,
    taskId: ref.taskId,
    projectId: ref.projectId,
  });
  return row;
}

export type TaskView = NonNullable<Awaited<ReturnType<typeof findTaskView>>>;
