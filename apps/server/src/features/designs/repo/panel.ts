import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import type { CommentRow, DesignerFileRow } from "./read.ts";

/** One task's panel rows: what `listDesignerFileRows` and `listCommentRows` read, and the rest of the panel. */
export interface PanelRows {
  files: DesignerFileRow[];
  comments: CommentRow[];
  /** the viewer's `designsAndCommentsSeen` of the task (true without a row) */
  seen: boolean;
  /** the task's built zips: list hash and stored key */
  zips: { hash: string; key: string }[];
}

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * One task's designs in one statement (the panel's budget, hot-call-statements.api.test.ts):
 * every version, every comment, the viewer's task seen flag and the built zips. SQL picks the rows
 * and their order only; each row comes back as an object with the keys and values (times as epoch
 * ms) of `DesignerFileRow` / `CommentRow`, read as text and parsed once, so the driver does not
 * decode thousands of rows column by column. presenter.ts decides names, seen flags and abilities,
 * as for every other designs answer; panel.api.test.ts holds these rows to the list reads'.
 */
export async function loadPanelRows(db: DbOrTx, viewerId: string, taskId: string): Promise<PanelRows> {
  const result = await db.execute(sql`
    with att as (
      select cf.comment_id, json_agg(json_build_object('key', f.key, 'name', f.original_name,
               'contentType', f.content_type, 'size', f.size) order by cf.added_at, cf.file_key) as items
      from comment_files cf
      join files f on f.key = cf.file_key
      join file_comments owner on owner.id = cf.comment_id
      where owner.task_id = ${taskId}::uuid
      group by cf.comment_id
    )
    select
      coalesce((
        select json_agg(json_build_object(
          'id', df.id, 'taskId', df.task_id, 'fileKey', df.file_key, 'lineageId', df.lineage_id,
          'version', df.version, 'current', df.current, 'orderKey', df.order_key, 'addedById', df.added_by_id,
          'previewable', df.previewable, 'createdAt', ${ms(sql`df.created_at`)}, 'name', f.original_name,
          'contentType', f.content_type, 'size', f.size, 'uploaderName', up.name, 'uploaderSurname', up.surname,
          'feedback', fb.feedback, 'feedbackComment', fb.comment, 'feedbackAt', ${ms(sql`fb.created_at`)},
          'reviewerName', rv.name, 'reviewerSurname', rv.surname,
          'fileSeenAt', ${ms(sql`dv.file_seen_at`)}, 'commentsSeenAt', ${ms(sql`dv.comments_seen_at`)}
        ) order by df.lineage_id, df.version desc)
        from designer_files df
        join files f on f.key = df.file_key
        left join users up on up.id = df.added_by_id
        left join design_feedback fb on fb.designer_file_id = df.id
        left join users rv on rv.id = fb.user_id
        left join designer_file_views dv on dv.designer_file_id = df.id and dv.user_id = ${viewerId}::uuid
        where df.task_id = ${taskId}::uuid
      ), '[]'::json)::text as files,
      coalesce((
        select json_agg(json_build_object(
          'id', fc.id, 'taskId', fc.task_id, 'designerFileId', fc.designer_file_id, 'parentId', fc.parent_id,
          'authorId', fc.author_id, 'body', fc.body, 'pin', fc.pin, 'active', fc.active,
          'createdAt', ${ms(sql`fc.created_at`)}, 'editedAt', ${ms(sql`fc.edited_at`)},
          'authorName', a.name, 'authorSurname', a.surname, 'attachments', coalesce(att.items, '[]'::json)
        ) order by fc.created_at, fc.id)
        from file_comments fc
        left join users a on a.id = fc.author_id
        left join att on att.comment_id = fc.id
        where fc.task_id = ${taskId}::uuid
      ), '[]'::json)::text as comments,
      coalesce((select tv.designs_and_comments_seen from task_views tv
                where tv.task_id = ${taskId}::uuid and tv.user_id = ${viewerId}::uuid), true) as seen,
      coalesce((select json_agg(json_build_object('hash', z.list_hash, 'key', z.file_key)) from design_zips z
                where z.task_id = ${taskId}::uuid and z.file_key is not null), '[]'::json)::text as zips
  `);
  const [row] = (result as unknown as { rows: { files: string; comments: string; seen: boolean; zips: string }[] })
    .rows;
  if (!row) throw new Error("the panel statement answers one row");
  return {
    files: JSON.parse(row.files) as DesignerFileRow[],
    comments: JSON.parse(row.comments) as CommentRow[],
    seen: row.seen === true,
    zips: JSON.parse(row.zips) as PanelRows["zips"],
  };
}
