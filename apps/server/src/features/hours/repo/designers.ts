import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { epochMs } from "../../../db/epoch-ms.ts";
import { preparedOnce } from "../../../db/prepared.ts";
import { projects, tasks, users, workLog } from "../../../db/schema/index.ts";

export type Keyset = { createdAtKey: string; id: string } | null;

const at = (name: string) => sql.placeholder(name);

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
 * What one kind of designer page adds to the designer's own fields: `columns` selected per
 * designer (read as `page.<alias>`) and `item`, the JSON line built from them. Values come in as
 * placeholders (`sql.placeholder`), so each shape is a prepared statement.
 */
interface PageShape {
  kind: "overview" | "schedule";
  columns: Record<string, SQL.Aliased>;
  /** rows joined to the page (the CTE `page`) for its shown designers, in one pass rather than per designer */
  joined?: SQL;
  item: SQL;
}

/**
 * One keyset page of designers, newest first (users_role_created_idx), with one JSON item each,
 * in one prepared statement per shape, first page or deeper, everyone or one designer. The
 * overview and the schedule are such pages: read into objects, checked and written again, their
 * hundred lines (and a month of tasks) cost the call more than the statement; and planned afresh
 * each call, PostgreSQL spent as long planning as running them
 * (docs/decisions/052-statements-per-call.md). The page size is a parameter: the order is the
 * index's, so the generic plan walks the index whatever the limit.
 */
function prepareDesignerPage(db: DbOrTx, name: string, shape: PageShape, deep: boolean, oneDesigner: boolean) {
  const order = sql.join(newestFirst, sql`, `);
  const page = db.$with("page").as(
    db
      .select({
        id: sql`${users.id}`.as("id"),
        name: sql`${users.name}`.as("name"),
        surname: sql`${users.surname}`.as("surname"),
        avatarKey: sql`${users.avatarKey}`.as("avatar_key"),
        dailyAvailability: sql`${users.dailyAvailability}`.as("daily_availability"),
        createdAt: sql`${users.createdAt}`.as("created_at"),
        ...shape.columns,
        n: sql`row_number() over (order by ${order})`.as("n"),
      })
      .from(users)
      .where(
        and(
          eq(users.role, "designer"),
          isNull(users.deletedAt),
          oneDesigner ? eq(users.id, at("designerId")) : undefined,
          deep
            ? sql`(${users.createdAt}, ${users.id}) < (${at("afterKey")}::timestamptz, ${at("afterId")}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(at("rowsToRead")),
  );
  return db
    .with(page)
    .select({
      items: sql<string>`coalesce(json_agg(${shape.item} order by page.n) filter (where page.n <= ${at("limit")}::int), '[]'::json)::text`,
      lastKey: sql<
        string | null
      >`max(${timestampKey(sql`page.created_at`)}) filter (where page.n = ${at("limit")}::int)`,
      lastId: sql<string | null>`max(page.id::text) filter (where page.n = ${at("limit")}::int)`,
      rows: sql<number>`count(*)::int`,
    })
    .from(shape.joined ? sql`${page} ${shape.joined}` : page)
    .prepare(name);
}

async function loadDesignerPageJson(
  db: DbOrTx,
  shape: PageShape,
  options: {
    after: Keyset;
    limit: number;
    designerId?: string | undefined;
    /** the shape's own placeholders */
    values: Record<string, string | number>;
  },
): Promise<DesignerPageJson> {
  const { after, limit, designerId } = options;
  const deep = after !== null;
  const oneDesigner = designerId !== undefined;
  const name = `designer_page_${shape.kind}_${deep ? "deep" : "first"}_${oneDesigner ? "one" : "all"}`;
  const statement = preparedOnce(db, name, (db, name) => prepareDesignerPage(db, name, shape, deep, oneDesigner));
  const [row] = await statement.execute({
    ...options.values,
    ...(after ? { afterKey: after.createdAtKey, afterId: after.id } : {}),
    ...(designerId !== undefined ? { designerId } : {}),
    limit,
    rowsToRead: limit + 1,
  });
  if (!row) throw new Error("a page of designers is one row");
  const more = row.rows > limit && row.lastKey !== null && row.lastId !== null;
  return { items: row.items, next: more ? { createdAtKey: row.lastKey as string, id: row.lastId as string } : null };
}

// Drizzle writes a single-table select's columns without their table, which inside the correlated
// sub-queries would name the sub-query's own id; spelled out, it is the page's designer.
const designerOfPage = sql`${sql.identifier("users")}.${sql.identifier("id")}`;

// A designer who set no daily availability has the shared rule's default (`defaultDaily`).
const dailyHours = sql`coalesce(page.daily_availability, ${at("defaultDaily")}::float8)`;

const OVERVIEW: PageShape = {
  kind: "overview",
  columns: {
    hourRateCents: sql`${users.hourRateCents}`.as("hour_rate_cents"),
    debtCents: sql`${users.debtCents}`.as("debt_cents"),
    openTasks: sql`${users.openTasks}`.as("open_tasks"),
    openEstimatedHours: sql`${users.openEstimatedHours}`.as("open_estimated_hours"),
    hoursThisMonth: sql`(select coalesce(sum(w.hours), 0)::int from ${workLog} w
      where w.designer_id = ${designerOfPage} and w.period_start = ${at("monthStart")}::timestamptz)`.as(
      "hours_this_month",
    ),
  },
  item: sql`json_build_object(
    'id', page.id, 'name', page.name, 'surname', page.surname, 'avatarKey', page.avatar_key,
    'openTasks', page.open_tasks, 'openEstimatedHours', page.open_estimated_hours,
    'hoursThisMonth', page.hours_this_month, 'dailyAvailability', ${dailyHours},
    'capacityHours', ${at("capacityPerDailyHour")}::float8 * ${dailyHours},
    'hourRate', page.hour_rate_cents::float8 / 100, 'debtMoney', page.debt_cents::float8 / 100
  )`,
};

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
  return loadDesignerPageJson(db, OVERVIEW, {
    after: options.after,
    limit: options.limit,
    values: {
      monthStart: new Date(rules.monthStart).toISOString(),
      capacityPerDailyHour: rules.capacityPerDailyHour,
      defaultDaily: rules.defaultDailyAvailability,
    },
  });
}

/**
 * The shown designers' open tasks that can have hours in the range, as one JSON list per designer:
 * one join from the page into tasks_designer_schedule_idx (an index-only walk: it holds every
 * field the list shows, for open tasks only) and the projects, grouped once, instead of a
 * sub-query per designer (docs/decisions/037-schedule-and-dashboard-search-statements.md).
 */
const openTasks = sql`left join (
  select t.designer_id, json_agg(json_build_object(
    'id', t.id, 'projectId', t.project_id, 'projectName', p.name, 'title', t.title, 'status', t.status,
    'createdAt', ${epochMs(sql`t.created_at`)}, 'deadline', coalesce(${epochMs(sql`t.deadline`)}, 0),
    'estimatedWork', coalesce(t.estimated_work, 0),
    'startedAt', ${epochMs(sql`t.started_at`)}, 'estimatedTimeOfCompletion', t.estimated_time_of_completion
  ) order by t.deadline nulls last, t.started_at, t.id) as tasks
  from page shown
  join ${tasks} t on t.designer_id = shown.id
  join ${projects} p on p.id = t.project_id
  where shown.n <= ${at("limit")}::int and t.archived = false and t.status in ('todo', 'inProgress')
    and (
      (t.deadline >= ${at("from")}::timestamptz and t.created_at < ${at("to")}::timestamptz)
      -- In progress without a deadline: from the start over its time to completion (shared
      -- layoutSchedule), with three days' slack for work started at a weekend landing on Monday.
      or (t.deadline is null and t.status = 'inProgress' and t.started_at < ${at("to")}::timestamptz
        and t.started_at + (coalesce(t.estimated_time_of_completion, 0) + 72) * interval '1 hour'
          >= ${at("from")}::timestamptz)
    )
  group by t.designer_id
) open_tasks on open_tasks.designer_id = page.id`;

const SCHEDULE: PageShape = {
  kind: "schedule",
  columns: {},
  joined: openTasks,
  item: sql`json_build_object(
    'id', page.id, 'name', page.name, 'surname', page.surname, 'avatarKey', page.avatar_key,
    'dailyAvailability', ${dailyHours},
    'tasks', coalesce(open_tasks.tasks, '[]'::json)
  )`,
};

/**
 * One page of the schedule (or the one designer asked for): each designer with the open tasks (to
 * do, in progress) that can have hours in the range: a deadline on or after `from` and created
 * before `to`, or in progress without a deadline and started before `to` (both over
 * tasks_designer_schedule_idx); soonest deadline first, then the undated. Held
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
  return loadDesignerPageJson(db, SCHEDULE, {
    after: options.after,
    limit: options.limit,
    designerId: options.designerId,
    values: { from: from.toISOString(), to: to.toISOString(), defaultDaily: defaultDailyAvailability },
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
