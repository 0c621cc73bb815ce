import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";

/** What the viewer may do, decided in JavaScript by shared/permissions and passed in as values. */
export interface PanelJsonViewer {
  id: string;
  /** canSeeFullSurname: false means surnames are redacted to an initial and a dot */
  fullSurnames: boolean;
  deletedUserName: string;
  /** a comment's abilities depend only on whether the viewer wrote it */
  commentAbilities: { own: CommentAbilities; others: CommentAbilities };
  /** a file's "change" abilities depend only on whether the viewer uploaded it */
  canChangeFile: { own: boolean; others: boolean };
  canComment: boolean;
  canGiveFeedback: boolean;
}
interface CommentAbilities {
  canEdit: boolean;
  canRemove: boolean;
  canResolve: boolean;
}

export interface PanelJsonRow {
  /** the task's `designerFileList` as JSON text, exactly the shape of `designerFileSchema[]` */
  list: string;
  files: number;
  /** some current file was uploaded by someone else than the viewer */
  othersFiles: boolean;
  /** the viewer's `designsAndCommentsSeen` of the task (true without a row) */
  seen: boolean;
  /** the current files' keys in the task's order (what names the zip of this list) */
  keys: string[];
  /** the task's built zips: list hash and stored key */
  zips: { hash: string; key: string }[];
}

const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::bigint`;

/** The presenter's `names()`: "Deleted user" without a user; surnames redacted unless allowed. */
function nameFields(viewer: PanelJsonViewer, name: SQL, surname: SQL): SQL {
  // JavaScript's trim() drops any leading white space; [[:space:]] is the same set for text.
  const trimmed = sql`regexp_replace(coalesce(${surname}, ''), '^[[:space:]]+', '')`;
  const second = viewer.fullSurnames
    ? sql`coalesce(${surname}, '')`
    : sql`case when ${trimmed} = '' then '' else upper(left(${trimmed}, 1)) || '.' end`;
  return sql`'userFirstName', coalesce(${name}, ${viewer.deletedUserName}::text),
    'userSecondName', case when ${name} is null then '' else ${second} end`;
}

function abilitiesJson(abilities: CommentAbilities): SQL {
  return sql`json_build_object('canEdit', ${abilities.canEdit}::boolean, 'canRemove', ${abilities.canRemove}::boolean,
    'canResolve', ${abilities.canResolve}::boolean)`;
}

/** `commentFields` of the presenter, for a row of the `c` relation below. */
function commentFields(viewer: PanelJsonViewer): SQL {
  return sql`'id', c.id, 'timestamp', ${ms(sql`c.created_at`)}, 'comment', c.body, 'seenComment', c.seen,
    'userId', c.author_id, ${nameFields(viewer, sql`c.author_name`, sql`c.author_surname`)},
    'editedAt', ${ms(sql`c.edited_at`)}, 'attachments', c.attachments,
    'abilities', case when c.author_id = ${viewer.id}::uuid then ${abilitiesJson(viewer.commentAbilities.own)}
      else ${abilitiesJson(viewer.commentAbilities.others)} end`;
}

/** `presentVersion` of the presenter, for a row of the `v` relation below. */
function versionFields(viewer: PanelJsonViewer): SQL {
  return sql`'uuid', v.id, 'designerFileKey', v.file_key, 'version', v.version, 'created', ${ms(sql`v.created_at`)},
    'userId', v.added_by_id, ${nameFields(viewer, sql`v.uploader_name`, sql`v.uploader_surname`)},
    'name', v.original_name, 'contentType', v.content_type, 'size', v.size, 'previewable', v.previewable,
    'feedback', case when v.feedback is null or v.feedback_at is null then null else json_build_object(
      'feedback', v.feedback, 'comment', v.feedback_comment, 'created', ${ms(sql`v.feedback_at`)},
      ${nameFields(viewer, sql`v.reviewer_name`, sql`v.reviewer_surname`)}) end,
    'seenComments', coalesce(vt.seen, true), 'fileCommentList', coalesce(vt.threads, '[]'::json)`;
}

/**
 * The task panel's designer files of one task, written by PostgreSQL as the JSON the API answers,
 * in one statement (with the viewer's task seen flag): the same rows, order, seen rules and
 * redaction as `listDesignerFileRows` + `listCommentRows` + presenter.ts, so a task with thousands
 * of comments is not built and serialised object by object in JavaScript. panel-json.api.test.ts
 * holds the two to the same answer.
 */
export async function loadPanelJson(db: DbOrTx, viewer: PanelJsonViewer, taskId: string): Promise<PanelJsonRow> {
  const canChange = sql`case when v.added_by_id = ${viewer.id}::uuid then ${viewer.canChangeFile.own}::boolean
    else ${viewer.canChangeFile.others}::boolean end`;
  const result = await db.execute(sql`
    with v as (
      select df.id, df.lineage_id, df.version, df.current, df.order_key, df.added_by_id, df.file_key, df.previewable,
             df.created_at, f.original_name, f.content_type, f.size,
             up.name as uploader_name, up.surname as uploader_surname,
             fb.feedback, fb.comment as feedback_comment, fb.created_at as feedback_at,
             rv.name as reviewer_name, rv.surname as reviewer_surname,
             dv.file_seen_at, dv.comments_seen_at
      from designer_files df
      join files f on f.key = df.file_key
      left join users up on up.id = df.added_by_id
      left join design_feedback fb on fb.designer_file_id = df.id
      left join users rv on rv.id = fb.user_id
      left join designer_file_views dv on dv.designer_file_id = df.id and dv.user_id = ${viewer.id}::uuid
      where df.task_id = ${taskId}::uuid
    ),
    att as (
      select cf.comment_id, json_agg(json_build_object('key', f.key, 'name', f.original_name,
               'contentType', f.content_type, 'size', f.size) order by cf.added_at, cf.file_key) as items
      from comment_files cf
      join files f on f.key = cf.file_key
      join file_comments owner on owner.id = cf.comment_id
      where owner.task_id = ${taskId}::uuid
      group by cf.comment_id
    ),
    c as (
      select fc.id, fc.designer_file_id, fc.parent_id, fc.author_id, fc.body, fc.pin, fc.active, fc.created_at,
             fc.edited_at, a.name as author_name, a.surname as author_surname,
             coalesce(att.items, '[]'::json) as attachments,
             (coalesce(fc.author_id = ${viewer.id}::uuid, false)
               or coalesce(fc.created_at <= v.comments_seen_at, false)) as seen
      from file_comments fc
      join v on v.id = fc.designer_file_id
      left join users a on a.id = fc.author_id
      left join att on att.comment_id = fc.id
      where fc.task_id = ${taskId}::uuid
    ),
    replies as (
      select c.parent_id, json_agg(json_build_object(${commentFields(viewer)}) order by c.created_at, c.id) as items,
             bool_and(c.seen) as seen
      from c where c.parent_id is not null
      group by c.parent_id
    ),
    threads as (
      select c.designer_file_id, c.created_at, c.id, c.seen and coalesce(r.seen, true) as seen,
             json_build_object(${commentFields(viewer)}, 'activeComment', c.active, 'pin', c.pin,
               'fileCommentReplyList', coalesce(r.items, '[]'::json)) as thread
      from c left join replies r on r.parent_id = c.id
      where c.parent_id is null
    ),
    version_threads as (
      select t.designer_file_id, json_agg(t.thread order by t.created_at, t.id) as threads,
             bool_and(t.seen) as seen
      from threads t
      group by t.designer_file_id
    ),
    previous as (
      select v.lineage_id, v.version, json_build_object(${versionFields(viewer)}) as fields
      from v left join version_threads vt on vt.designer_file_id = v.id
      where not v.current
    ),
    heads as (
      select v.order_key, v.added_by_id, v.file_key, json_build_object(${versionFields(viewer)},
               'seenDesignerFile', (coalesce(v.added_by_id = ${viewer.id}::uuid, false) or v.file_seen_at is not null),
               'orderKey', v.order_key,
               'previousVersions', coalesce((
                 select json_agg(p.fields order by p.version desc) from previous p where p.lineage_id = v.lineage_id
               ), '[]'::json),
               'abilities', json_build_object('canAddVersion', ${canChange}, 'canRemove', ${canChange},
                 'canComment', ${viewer.canComment}::boolean, 'canGiveFeedback', ${viewer.canGiveFeedback}::boolean)
             ) as file
      from v left join version_threads vt on vt.designer_file_id = v.id
      where v.current
    )
    select coalesce(json_agg(heads.file order by heads.order_key), '[]'::json)::text as list,
           count(*)::int as files,
           coalesce(bool_or(heads.added_by_id is distinct from ${viewer.id}::uuid), false) as others_files,
           coalesce((select tv.designs_and_comments_seen from task_views tv
                     where tv.task_id = ${taskId}::uuid and tv.user_id = ${viewer.id}::uuid), true) as seen,
           coalesce(json_agg(heads.file_key order by heads.order_key), '[]'::json) as keys,
           coalesce((select json_agg(json_build_object('hash', z.list_hash, 'key', z.file_key)) from design_zips z
                     where z.task_id = ${taskId}::uuid and z.file_key is not null), '[]'::json) as zips
    from heads
  `);
  const [row] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  if (!row) throw new Error("the panel statement answers one row");
  return {
    list: String(row.list),
    files: Number(row.files),
    othersFiles: row.others_files === true,
    seen: row.seen === true,
    keys: row.keys as string[],
    zips: row.zips as { hash: string; key: string }[],
  };
}
