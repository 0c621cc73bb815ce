import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { projects, tasks, users, workLog } from "../../../db/schema/index.ts";

export type Keyset = { createdAtKey: string; id: string } | null;

const designerRows = (after: Keyset, designerId?: string) =>
  and(
    eq(users.role, "designer"),
    isNull(users.deletedAt),
    designerId ? eq(users.id, designerId) : undefined,
    after
      ? sql`(${users.createdAt}, ${users.id}) < (${after.createdAtKey}::timestamptz, ${after.id}::uuid)`
      : undefined,
  );

// As users_role_created_idx orders (DESC NULLS LAST), so the index supplies the order.
const newestFirst = [sql`${users.createdAt} desc nulls last`, sql`${users.id} desc nulls last`];

/** What the overview's figures need from the shared rules, decided in JavaScript and passed in. */
export interface OverviewRules {
  /** first instant of the current UTC month: its logged hours are `hoursThisMonth` */
  monthStart: number;
  /** `monthCapacityHours(monthStart, 1)`: the month's working days, times a designer's daily hours */
  capacityPerDailyHour: number;
  /** `dailyAvailabilityOf(null)`: the hours of a designer who set none */
  defaultDailyAvailability: number;
}

/** A page of designers' lines written by PostgreSQL: the answer's items as JSON text. */
export interface DesignerPageJson {
  /** the page's items as JSON text */
  items: string;
  /** the last item's keyset when another page follows */
  next: { createdAtKey: string; id: string } | null;
}

/**
 * One keyset page of designers, newest first (users_role_created_idx), with one JSON item each,
 * in one statement: `columns` are selected per designer as `page.<alias>`, and `item` builds a
 * line from them. The overview and the schedule are such pages: read into objects, checked and
 * written again, their hundred lines (and a month of tasks) cost the call more than the statement
 * (docs/decisions.md, Responses and statements).
 */
async function loadDesignerPageJson(
  db: DbOrTx,
  options: { after: Keyset; limit: number; designerId?: string | undefined; columns: SQL; item: SQL },
): Promise<DesignerPageJson> {
  const { after, limit, designerId, columns, item } = options;
  const order = sql.join(newestFirst, sql`, `);
  const result = await db.execute(sql`
    with page as (
      select ${users.id} as id, ${users.name} as name, ${users.surname} as surname, ${users.avatarKey} as avatar_key,
        ${users.dailyAvailability} as daily_availability, ${users.createdAt} as created_at, ${columns},
        row_number() over (order by ${order}) as n
      from ${users}
      where ${designerRows(after, designerId)}
      order by ${order}
      limit ${limit + 1}
    )
    select
      coalesce(json_agg(${item} order by page.n) filter (where page.n <= ${limit}), '[]'::json)::text as items,
      max(${timestampKey(sql`page.created_at`)}) filter (where page.n = ${limit}) as last_key,
      max(page.id::text) filter (where page.n = ${limit}) as last_id,
      count(*)::int as rows
    from page
  `);
  const [row] = (
    result as unknown as { rows: { items: string; last_key: string | null; last_id: string | null; rows: number }[] }
  ).rows;
  if (!row) throw new Error("a page of designers is one row");
  const more = row.rows > limit && row.last_key !== null && row.last_id !== null;
  return { items: row.items, next: more ? { createdAtKey: row.last_key as string, id: row.last_id as string } : null };
}

/**
 * One page of the designer overview: each designer's open-task totals (kept on the user row by the
 * tasks triggers, migration 0013) and this month's hours (work_log_designer_period_idx) as a
 * correlated sub-query. Held to worked examples and the schema by hours-overview.api.test.ts.
 */
export function loadOverviewPageJson(
  db: DbOrTx,
  options: { after: Keyset; limit: number; rules: OverviewRules },
): Promise<DesignerPageJson> {
  const { rules } = options;
  const daily = sql`coalesce(page.daily_availability, ${rules.defaultDailyAvailability}::float8)`;
  return loadDesignerPageJson(db, {
    after: options.after,
    limit: options.limit,
    columns: sql`${users.hourRateCents} as hour_rate_cents, ${users.debtCents} as debt_cents,
      ${users.openTasks} as open_tasks, ${users.openEstimatedHours} as open_estimated_hours,
      (select coalesce(sum(w.hours), 0)::int from ${workLog} w
        where w.designer_id = ${users.id} and w.period_start = ${new Date(rules.monthStart).toISOString()}::timestamptz
      ) as hours_this_month`,
    item: sql`json_build_object(
      'id', page.id, 'name', page.name, 'surname', page.surname, 'avatarKey', page.avatar_key,
      'openTasks', page.open_tasks, 'openEstimatedHours', page.open_estimated_hours,
      'hoursThisMonth', page.hours_this_month, 'dailyAvailability', ${daily},
      'capacityHours', ${rules.capacityPerDailyHour}::float8 * ${daily},
      'hourRate', page.hour_rate_cents::float8 / 100, 'debtMoney', page.debt_cents::float8 / 100
    )`,
  });
}

/** A timestamp as whole epoch ms, as the API writes times everywhere (Date.getTime()). */
const epochMs = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * One page of the schedule (or the one designer asked for): each designer with the open tasks (to
 * do, in progress) that can have hours in the range, a deadline on or after `from` and created
 * before `to`, walked per designer over tasks_designer_deadline_idx, soonest deadline first. Held
 * to a worked example and the schema by hours-schedule.api.test.ts.
 */
export function loadSchedulePageJson(
  db: DbOrTx,
  options: {
    after: Keyset;
    limit: number;
    designerId?: string;
    from: Date;
    to: Date;
    defaultDailyAvailability: number;
  },
): Promise<DesignerPageJson> {
  const { from, to, defaultDailyAvailability } = options;
  return loadDesignerPageJson(db, {
    after: options.after,
    limit: options.limit,
    designerId: options.designerId,
    columns: sql`(
      select json_agg(json_build_object(
        'id', t.id, 'projectId', t.project_id, 'projectName', p.name, 'title', t.title, 'status', t.status,
        'createdAt', ${epochMs(sql`t.created_at`)}, 'deadline', ${epochMs(sql`t.deadline`)},
        'estimatedWork', coalesce(t.estimated_work, 0)
      ) order by t.deadline, t.id)
      from ${tasks} t join ${projects} p on p.id = t.project_id
      where t.designer_id = ${users.id} and t.archived = false and t.status in ('todo', 'inProgress')
        and t.deadline >= ${from.toISOString()}::timestamptz and t.created_at < ${to.toISOString()}::timestamptz
    ) as tasks`,
    item: sql`json_build_object(
      'id', page.id, 'name', page.name, 'surname', page.surname, 'avatarKey', page.avatar_key,
      'dailyAvailability', coalesce(page.daily_availability, ${defaultDailyAvailability}::float8),
      'tasks', coalesce(page.tasks, '[]'::json)
    )`,
  });
}

/** Estimates of the project's started tasks whose hours are not logged yet (reopened ones are). */
export async function sumInProgressHours(db: DbOrTx, projectId: string): Promise<number> {
  const [row] = await db
    .select({ hours: sql<number>`coalesce(sum(${tasks.estimatedWork}), 0)::int` })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, projectId),
        eq(tasks.archived, false),
        inArray(tasks.status, ["inProgress", "review"]),
        sql.raw(`not exists (select 1 from "work_log" where "work_log"."task_id" = "tasks"."id")`),
      ),
    );
  return row?.hours ?? 0;
}
