import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projectMembers, taskComments, tasks, users } from "../../../db/schema/index.ts";
import { taskUnseenWrite } from "../../tasks/index.ts";

/** A person a comment names, before redaction. */
export interface MentionRow {
  userId: string;
  name: string;
  surname: string;
}

/** A task comment or reply with what presenting it needs. */
export interface TaskCommentRow {
  id: string;
  parentId: string | null;
  authorId: string | null;
  body: string;
  createdAt: Date;
  editedAt: Date | null;
  authorName: string | null;
  authorSurname: string | null;
  mentions: MentionRow[];
}

interface RawRow {
  id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  created_ms: number | string;
  edited_ms: number | string | null;
  author_name: string | null;
  author_surname: string | null;
  mentions: MentionRow[] | null;
}

const toRow = (row: RawRow): TaskCommentRow => ({
  id: row.id,
  parentId: row.parent_id,
  authorId: row.author_id,
  body: row.body,
  createdAt: new Date(Number(row.created_ms)),
  editedAt: row.edited_ms === null ? null : new Date(Number(row.edited_ms)),
  authorName: row.author_name,
  authorSurname: row.author_surname,
  mentions: row.mentions ?? [],
});

const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows.map(toRow);

/** The columns presenting reads from a comment `c` (its author and the people it names). */
const PRESENTED = sql`c.id, c.parent_id, c.author_id, c.body,
  (extract(epoch from c.created_at) * 1000)::bigint as created_ms,
  (extract(epoch from c.edited_at) * 1000)::bigint as edited_ms,
  a.name as author_name, a.surname as author_surname,
  (select json_agg(json_build_object('userId', m.id, 'name', m.name, 'surname', m.surname)
     order by array_position(c.mention_ids, m.id))
   from ${users} m where m.id = any(c.mention_ids) and m.deleted_at is null) as mentions`;

/** Ids (validated uuids) as one array parameter: drizzle would spread a JS array into a list. */
const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.join(",")}}`}::uuid[]`;

/**
 * Whether every id is on the project's active team (people not removed): the condition a write
 * naming them carries, so a wrong mention writes nothing and the caller refuses it.
 */
function allOnTeam(projectId: string, ids: readonly string[]): SQL {
  return sql`(select count(*) from ${projectMembers} pm join ${users} u on u.id = pm.user_id and u.deleted_at is null
    where pm.project_id = ${projectId} and pm.active and pm.user_id = any(${uuidArray(ids)})) = ${ids.length}`;
}

/**
 * Writes a comment (or reply) in one statement, with the task marked unseen for everyone else,
 * when every mentioned person is on the team; answers it as presented, or null (nothing written).
 */
export async function insertTaskComment(
  db: DbOrTx,
  values: {
    task: { id: string; projectId: string };
    parentId: string | null;
    authorId: string;
    body: string;
    mentionIds: readonly string[];
  },
): Promise<TaskCommentRow | null> {
  const { task, mentionIds } = values;
  // A refused mention writes no comment but still marks the task unseen: the caller throws, which
  // rolls that back with the rest of the transaction.
  const result = await db.execute(sql`
    with c as (
      insert into ${taskComments} (task_id, parent_id, author_id, body, mention_ids)
      select ${task.id}, ${values.parentId}, ${values.authorId}, ${values.body}, ${uuidArray(mentionIds)}
      where ${allOnTeam(task.projectId, mentionIds)}
      returning *
    ), unseen as (${taskUnseenWrite(task, values.authorId)})
    select ${PRESENTED} from c left join ${users} a on a.id = c.author_id`);
  return rowsOf(result)[0] ?? null;
}

/** Changes the text and mentions of a comment when every mentioned person is on the team (else false). */
export async function updateTaskComment(
  db: DbOrTx,
  values: { id: string; projectId: string; body: string; mentionIds: readonly string[] },
): Promise<boolean> {
  const result = await db.execute(sql`
    update ${taskComments} set body = ${values.body}, mention_ids = ${uuidArray(values.mentionIds)}, edited_at = now()
    where id = ${values.id} and ${allOnTeam(values.projectId, values.mentionIds)}
    returning id`);
  return (result as { rows: unknown[] }).rows.length > 0;
}

export async function findTaskComment(db: DbOrTx, taskId: string, id: string) {
  const [row] = await db
    .select({ id: taskComments.id, parentId: taskComments.parentId, authorId: taskComments.authorId })
    .from(taskComments)
    .where(and(eq(taskComments.taskId, taskId), eq(taskComments.id, id)))
    .limit(1);
  return row;
}
export type TaskCommentFacts = NonNullable<Awaited<ReturnType<typeof findTaskComment>>>;

/** The task's comments and replies oldest first (or one thread's), in one statement. */
export async function listTaskCommentRows(db: DbOrTx, taskId: string, threadId?: string): Promise<TaskCommentRow[]> {
  const scope = threadId ? sql`and (c.id = ${threadId} or c.parent_id = ${threadId})` : sql``;
  const result = await db.execute(sql`
    select ${PRESENTED} from ${taskComments} c left join ${users} a on a.id = c.author_id
    where c.task_id = ${taskId} ${scope}
    order by c.created_at, c.id`);
  return rowsOf(result);
}

/** Deletes a comment and its replies; answers their ids (the messages their events wrote go too). */
export async function deleteTaskComment(db: DbOrTx, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    delete from ${taskComments} where id = ${id} or parent_id = ${id} returning id`);
  return (result as { rows: Array<{ id: string }> }).rows.map((row) => row.id);
}

/** Who may be mentioned: the project's active team (people not removed), by name. */
export async function listMentionable(db: DbOrTx, projectId: string): Promise<MentionRow[]> {
  return db
    .select({ userId: users.id, name: users.name, surname: users.surname })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(
      and(eq(projectMembers.projectId, projectId), eq(projectMembers.active, true), sql`${users.deletedAt} is null`),
    )
    .orderBy(users.name, users.surname, users.id);
}

/** The person's comments and replies in task conversations, oldest first (their data export). */
export async function listTaskCommentsBy(db: DbOrTx, userId: string) {
  return db
    .select({
      id: taskComments.id,
      projectId: tasks.projectId,
      taskId: taskComments.taskId,
      taskTitle: tasks.title,
      replyTo: taskComments.parentId,
      comment: taskComments.body,
      createdAt: taskComments.createdAt,
      editedAt: taskComments.editedAt,
    })
    .from(taskComments)
    .innerJoin(tasks, eq(tasks.id, taskComments.taskId))
    .where(eq(taskComments.authorId, userId))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
}
