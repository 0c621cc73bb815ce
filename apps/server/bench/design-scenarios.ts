import type { RawSql } from "./database.ts";
import type { Scenario } from "./scenarios.ts";
import type { Workspace } from "./seed.ts";
import type { TaskWorkspace } from "./seed-tasks.ts";

const FILES = 100;
const COMMENTS = 2000;
/** One comment in four is a reply to the thread before it on the same file. */
const REPLY_EVERY = 4;

/**
 * Issue 8: the task panel's design-and-comment load for a task with 100 designer files and 2,000
 * comments (every fourth a reply), seeded in set-based statements on a task of the big project,
 * and the same task as a whole (`designerFileList` filled). Goal: ≤ 3 statements for the panel.
 */
export async function buildDesignScenarios(
  raw: RawSql,
  workspace: Workspace,
  taskWorkspace: TaskWorkspace,
): Promise<Scenario[]> {
  const { customer, designer } = workspace.actors;
  const projectId = taskWorkspace.bigProjectId;
  const [task] = await raw.query(
    "select id::text as id from tasks where project_id = $1 and archived_at is null order by created_at limit 1",
    [projectId],
  );
  const taskId = String(task?.id);
  await raw.query(
    `insert into files (key, owner_id, purpose, content_type, size, original_name)
     select 'benchdesign' || lpad(i::text, 16, '0'), $1, 'design', 'image/png', 250000, 'screen-' || i || '.png'
     from generate_series(1, ${FILES}) as i`,
    [designer.id],
  );
  await raw.query(
    `insert into designer_files (id, task_id, file_key, lineage_id, version, current, order_key, added_by_id, previewable)
     select u, $1, k, u, 1, true, 'a' || lpad(i::text, 4, '0'), $2, true
     from (select gen_random_uuid() as u, i, 'benchdesign' || lpad(i::text, 16, '0') as k
           from generate_series(1, ${FILES}) as i) as f`,
    [taskId, designer.id],
  );
  await raw.query(
    `create temporary table bench_design_files as
     select row_number() over (order by order_key) - 1 as n, id from designer_files where task_id = $1`,
    [taskId],
  );
  await raw.query(
    `insert into file_comments (id, task_id, designer_file_id, author_id, body, pin, created_at)
     select gen_random_uuid(), $1, f.id, case when i % 2 = 0 then $2 else $3 end::uuid,
            'Comment ' || i || ': move this a little to the left and make it warmer',
            case when i % 3 = 0 then jsonb_build_object('type', 'point', 'x', 0.5, 'y', 0.25) end,
            now() - (${COMMENTS} - i) * interval '1 minute'
     from generate_series(1, ${COMMENTS}) as i
     join bench_design_files f on f.n = i % ${FILES}
     where i % ${REPLY_EVERY} <> 0`,
    [taskId, customer.id, designer.id],
  );
  await raw.query(
    `insert into file_comments (task_id, designer_file_id, parent_id, author_id, body, created_at)
     select $1, c.designer_file_id, c.id, $2, 'On it', c.created_at + interval '10 seconds'
     from (select id, designer_file_id, created_at, row_number() over (order by created_at, id) as r
           from file_comments where task_id = $1 and parent_id is null) as c
     where c.r <= ${COMMENTS / REPLY_EVERY}`,
    [taskId, designer.id],
  );
  await raw.query("drop table bench_design_files");
  await raw.query("analyze designer_files");
  await raw.query("analyze file_comments");
  return [
    {
      name: `designs panel (${FILES} files, ${COMMENTS} comments)`,
      path: `/v3/project/${projectId}/task/${taskId}/designs`,
      token: customer.token,
    },
    { name: "task get with those designs", path: `/v3/project/${projectId}/task/${taskId}`, token: customer.token },
  ];
}
