import type { RawSql } from "./database.ts";
import type { Workspace } from "./seed.ts";

/**
 * Sizes for BENCH_SCALE = 1 (issue 7 "Performance"): a million tasks over the seeded projects, a
 * tenth of them in one project (the bench customer's), so that project's lists are 100k deep.
 */
const BASE = { tasks: 1_000_000, bigProjectShare: 0.1 };
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

// Deterministic v4-shaped ids, as seed.ts makes them.
const taskId = (n: string) =>
  `overlay(overlay(md5('t' || (${n})::text) placing '4' from 13) placing '8' from 17)::uuid`;

/**
 * A valid `fractional-indexing` key for the integer n < 62⁴: head 'd' (a four-digit integer part)
 * and four base-62 digits, so keys sort as n does and the app can place new keys among them.
 */
const orderKey = (n: string) =>
  `'d' || ${[3, 2, 1, 0]
    .map((power) => `substr('${DIGITS}', (1 + ((${n}) / ${62 ** power}) % 62)::int, 1)`)
    .join(" || ")}`;

export interface TaskWorkspace {
  counts: { tasks: number; bigProjectTasks: number };
  /** the project with a tenth of all tasks */
  bigProjectId: string;
}

/**
 * Tasks in set-based statements: mixed statuses and priorities, a designer on most, a deadline
 * on 40%, 10% archived. Counters on the projects are set from what was inserted.
 */
export async function seedTasks(raw: RawSql, workspace: Workspace, scale: number): Promise<TaskWorkspace> {
  const total = Math.max(1000, Math.round(BASE.tasks * scale));
  const big = Math.round(total * BASE.bigProjectShare);
  const [projectRow] = await raw.query("select count(*)::int as count from projects");
  const projects = Number(projectRow?.count);
  const [designerRow] = await raw.query("select count(*)::int as count from users where role = 'designer'");
  const designers = Number(designerRow?.count);
  const origin = `timestamptz '${new Date().toISOString()}'`;
  const bigProject = `'${workspace.ownedProjectId}'::uuid`;
  // The designers in the order seed.ts numbered them, so i picks one without a lookup per row.
  await raw.query(
    `create temporary table bench_designers as
     select row_number() over (order by created_at, id) - 1 as d, id from users where role = 'designer'`,
  );
  await raw.query(
    `create temporary table bench_projects as
     select row_number() over (order by id) - 1 as p, id from projects where id <> ${bigProject}`,
  );
  await raw.query(
    `insert into tasks (id, project_id, title, description, status, priority, designer_id, created_by_id,
       custom_sort_index, deadline, estimated_time_of_completion, estimated_work, archived_at, created_at, updated_at)
     select ${taskId("i")},
       case when i <= ${big} then ${bigProject} else bp.id end,
       (array['Logo','Banner','Flyer','Poster','Icon set','Landing page','Menu','Label'])[1 + i % 8]
         || ' ' || (array['for spring','in blue','v2','for the shop','with photos','draft','final','mobile'])[1 + (i / 8) % 8]
         || ' ' || i,
       '',
       (array['todo','inProgress','review','approved'])[1 + (i * 7) % 4],
       (array['low','medium','high','urgent'])[1 + (i * 3) % 4],
       case when i % 10 < 7 then bd.id end,
       null,
       ${orderKey("i")},
       case when i % 5 < 2 then date_trunc('day', ${origin}) + ((i % 120) - 30) * interval '1 day' + interval '23:59:59' end,
       case when (i * 7) % 4 > 0 then 24 end,
       case when (i * 7) % 4 > 0 then 10 end,
       case when i % 10 = 9 then ${origin} - (i % 1000) * interval '1 minute' end,
       ${origin} - i * interval '1.7 seconds',
       ${origin} - i * interval '1.7 seconds'
     from generate_series(1, ${total}) i
     left join bench_projects bp on bp.p = (i::bigint * 7919) % ${projects - 1}
     left join bench_designers bd on bd.d = (i::bigint * 31) % ${designers}`,
  );
  await raw.query(
    `update projects p set task_count = c.active, archived_task_count = c.archived
     from (select project_id, count(*) filter (where archived_at is null)::int as active,
                  count(*) filter (where archived_at is not null)::int as archived
           from tasks group by project_id) c
     where c.project_id = p.id`,
  );
  await raw.query("drop table bench_designers, bench_projects");
  if (process.env.BENCH_ANALYZE !== "0") await raw.query("vacuum analyze tasks, projects");
  return { counts: { tasks: total, bigProjectTasks: big }, bigProjectId: workspace.ownedProjectId };
}
