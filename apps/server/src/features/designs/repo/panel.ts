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

/** Every field of a row type with the SQL that gives it (the type makes a missing field an error). */
type Columns<Row> = { readonly [Key in keyof Row]-?: SQL };

const FILE_COLUMNS: Columns<DesignerFileRow> = {
  id: sql`df.id`,
  taskId: sql`df.task_id`,
  fileKey: sql`df.file_key`,
  lineageId: sql`df.lineage_id`,
  version: sql`df.version`,
  current: sql`df.current`,
  orderKey: sql`df.order_key`,
  addedById: sql`df.added_by_id`,
  previewable: sql`df.previewable`,
  posterKey: sql`df.poster_key`,
  createdAt: ms(sql`df.created_at`),
  name: sql`f.original_name`,
  contentType: sql`f.content_type`,
  size: sql`f.size`,
  uploaderName: sql`up.name`,
  uploaderSurname: sql`up.surname`,
  feedback: sql`fb.feedback`,
  feedbackComment: sql`fb.comment`,
  feedbackAt: ms(sql`fb.created_at`),
  reviewerName: sql`rv.name`,
  reviewerSurname: sql`rv.surname`,
  fileSeenAt: ms(sql`dv.file_seen_at`),
  commentsSeenAt: ms(sql`dv.comments_seen_at`),
  pdfStatus: sql`pp.status`,
  pdfPageCount: sql`pp.page_count`,
  pdfProblem: sql`pp.problem`,
};

const COMMENT_COLUMNS: Columns<CommentRow> = {
  id: sql`fc.id`,
  taskId: sql`fc.task_id`,
  designerFileId: sql`fc.designer_file_id`,
  parentId: sql`fc.parent_id`,
  authorId: sql`fc.author_id`,
  body: sql`fc.body`,
  pin: sql`fc.pin`,
  atMs: sql`fc.at_ms`,
  page: sql`fc.page`,
  active: sql`fc.active`,
  createdAt: ms(sql`fc.created_at`),
  editedAt: ms(sql`fc.edited_at`),
  authorName: sql`coalesce(a.name, g.name)`,
  authorSurname: sql`a.surname`,
  guestId: sql`fc.guest_id`,
  attachments: sql`coalesce(att.items, '[]'::json)`,
};

/**
 * The rows as one JSON array of arrays, values in the order of `columns`' keys: PostgreSQL writes
 * no key per value, and the text to decode and parse is smaller. For the bench's 2,000 comments
 * (statement and parse, PGlite) arrays cost 13–17 ms of CPU, objects 21–23, and plain rows decoded
 * by the driver column by column 25–29.
 */
function rowsJson<Row>(columns: Columns<Row>, order: SQL): SQL {
  const values = sql.join(Object.values<SQL>(columns), sql`, `);
  return sql`coalesce(json_agg(json_build_array(${values}) order by ${order}), '[]'::json)::text`;
}

function rowsOf<Row>(columns: Columns<Row>, text: string): Row[] {
  const arrays = JSON.parse(text) as unknown[][];
  const keys = Object.keys(columns);
  const rows: Row[] = new Array(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const values = arrays[i] as unknown[];
    const row: Record<string, unknown> = {};
    for (let k = 0; k < keys.length; k++) row[keys[k] as string] = values[k];
    rows[i] = row as Row;
  }
  return rows;
}

/**
 * One task's designs in one statement (the panel's budget, hot-call-statements.api.test.ts):
 * every version, every comment, the viewer's task seen flag and the built zips. SQL picks the rows
 * and their order only; the rows come back as `DesignerFileRow` / `CommentRow` (times as epoch ms),
 * and presenter.ts decides names, seen flags and abilities, as for every other designs answer.
 * panel.api.test.ts holds these rows to the list reads' (repo/read.ts).
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
      (
        select ${rowsJson(FILE_COLUMNS, sql`df.lineage_id, df.version desc`)}
        from designer_files df
        join files f on f.key = df.file_key
        left join users up on up.id = df.added_by_id
        left join design_feedback fb on fb.designer_file_id = df.id
        left join users rv on rv.id = fb.user_id
        left join design_pdf_previews pp on pp.file_key = df.file_key
        left join designer_file_views dv on dv.designer_file_id = df.id and dv.user_id = ${viewerId}::uuid
        where df.task_id = ${taskId}::uuid
      ) as files,
      (
        select ${rowsJson(COMMENT_COLUMNS, sql`fc.created_at, fc.id`)}
        from file_comments fc
        left join users a on a.id = fc.author_id
        left join design_guests g on g.id = fc.guest_id
        left join att on att.comment_id = fc.id
        where fc.task_id = ${taskId}::uuid
      ) as comments,
      coalesce((select tv.designs_and_comments_seen from task_views tv
                where tv.task_id = ${taskId}::uuid and tv.user_id = ${viewerId}::uuid), true) as seen,
      coalesce((select json_agg(json_build_object('hash', z.list_hash, 'key', z.file_key)) from design_zips z
                where z.task_id = ${taskId}::uuid and z.file_key is not null), '[]'::json)::text as zips
  `);
  const [row] = (result as unknown as { rows: { files: string; comments: string; seen: boolean; zips: string }[] })
    .rows;
  if (!row) throw new Error("the panel statement answers one row");
  return {
    files: rowsOf(FILE_COLUMNS, row.files),
    comments: rowsOf(COMMENT_COLUMNS, row.comments),
    seen: row.seen === true,
    zips: JSON.parse(row.zips) as PanelRows["zips"],
  };
}
