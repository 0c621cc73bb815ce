import type { CommentFile, DesignFeedbackValue, Pin } from "@atelier/shared";
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { commentFiles, designFeedback, fileComments, files, users } from "../../../db/schema/index.ts";
import { taskUnseenWrite } from "../../tasks/index.ts";
import type { CommentRow } from "./read.ts";

export async function findComment(db: DbOrTx, taskId: string, id: string) {
  const [row] = await db
    .select({
      id: fileComments.id,
      taskId: fileComments.taskId,
      designerFileId: fileComments.designerFileId,
      parentId: fileComments.parentId,
      authorId: fileComments.authorId,
      guestId: fileComments.guestId,
    })
    .from(fileComments)
    .where(and(eq(fileComments.taskId, taskId), eq(fileComments.id, id)))
    .limit(1);
  return row;
}
export type CommentFacts = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/**
 * Writes a comment (or reply) with what goes with it, in one statement: links the attachments
 * (only files the author registered on this project and not yet on a comment), and marks the
 * task unseen for everyone else (repo/seen.ts). Answers the comment as `listCommentRows` reads it
 * and the keys linked; the caller refuses the call (rolling back) when some were not.
 */
export async function insertComment(
  db: DbOrTx,
  values: {
    task: { id: string; projectId: string };
    designerFileId: string;
    parentId: string | null;
    authorId: string;
    body: string;
    pin: Pin | null;
    /** on a video: ms from the start (decision 058) */
    atMs: number | null;
    page: number | null;
    attachmentKeys: readonly string[];
  },
): Promise<{ comment: CommentRow; linked: string[] }> {
  const keys = [...new Set(values.attachmentKeys)];
  const result = await db.execute(sql`
    with written as (
      insert into ${fileComments} (task_id, designer_file_id, parent_id, author_id, body, pin, at_ms, page)
      values (${values.task.id}, ${values.designerFileId}, ${values.parentId}, ${values.authorId}, ${values.body},
        ${values.pin === null ? null : JSON.stringify(values.pin)}::jsonb, ${values.atMs}::integer, ${values.page}::int)
      returning id, task_id, designer_file_id, parent_id, author_id, body, pin, at_ms, page, active, created_at, edited_at
    ), linked as (
      update ${commentFiles} set comment_id = (select id from written)
      where file_key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))
        and project_id = ${values.task.projectId} and added_by_id = ${values.authorId} and comment_id is null
      returning file_key, added_at
    ), unseen as (${taskUnseenWrite(values.task, values.authorId)})
    select w.id, w.task_id, w.designer_file_id, w.parent_id, w.author_id, w.body, w.pin, w.at_ms, w.page, w.active,
      (extract(epoch from w.created_at) * 1000)::bigint as created_ms, a.name as author_name,
      a.surname as author_surname,
      coalesce((select json_agg(json_build_object('key', f.key, 'name', f.original_name,
          'contentType', f.content_type, 'size', f.size) order by l.added_at, l.file_key)
        from linked l join ${files} f on f.key = l.file_key), '[]'::json) as attachments,
      array(select file_key from linked) as linked
    from written w left join ${users} a on a.id = w.author_id`);
  const [row] = (result as unknown as { rows: InsertedCommentRow[] }).rows;
  if (!row) throw new Error("insert returned no row");
  return {
    comment: {
      id: row.id,
      taskId: row.task_id,
      designerFileId: row.designer_file_id,
      parentId: row.parent_id,
      authorId: row.author_id,
      body: row.body,
      pin: row.pin,
      atMs: row.at_ms,
      page: row.page,
      active: row.active,
      createdAt: Number(row.created_ms),
      editedAt: null,
      authorName: row.author_name,
      authorSurname: row.author_surname,
      guestId: null,
      attachments: row.attachments,
    },
    linked: row.linked,
  };
}

interface InsertedCommentRow {
  id: string;
  task_id: string;
  designer_file_id: string;
  parent_id: string | null;
  author_id: string | null;
  body: string;
  pin: Pin | null;
  at_ms: number | null;
  page: number | null;
  active: boolean;
  created_ms: number | string;
  author_name: string | null;
  author_surname: string | null;
  attachments: CommentFile[];
  linked: string[];
}

export async function updateComment(
  db: DbOrTx,
  id: string,
  values: { body?: string; editedAt?: Date; active?: boolean },
): Promise<void> {
  await db.update(fileComments).set(values).where(eq(fileComments.id, id));
}

/** Deletes a comment; its replies and attachments' links go with it (the uploads stay). */
export async function deleteComment(db: DbOrTx, id: string): Promise<void> {
  await db.delete(fileComments).where(eq(fileComments.id, id));
}

/** Registers uploads as the project's comment files; answers the keys newly registered. */
export async function registerCommentFiles(
  db: DbOrTx,
  input: { projectId: string; addedById: string; keys: readonly string[] },
): Promise<string[]> {
  const rows = await db
    .insert(commentFiles)
    .values(input.keys.map((fileKey) => ({ fileKey, projectId: input.projectId, addedById: input.addedById })))
    .onConflictDoNothing()
    .returning({ key: commentFiles.fileKey });
  return rows.map((row) => row.key);
}

export async function upsertFeedback(
  db: DbOrTx,
  values: { designerFileId: string; userId: string; feedback: DesignFeedbackValue; comment: string | null },
): Promise<void> {
  const createdAt = new Date();
  await db
    .insert(designFeedback)
    .values({ ...values, createdAt })
    .onConflictDoUpdate({
      target: designFeedback.designerFileId,
      set: { userId: values.userId, feedback: values.feedback, comment: values.comment, createdAt },
    });
}
