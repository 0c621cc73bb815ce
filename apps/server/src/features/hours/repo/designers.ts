import { type AnyColumn, and, eq, inArray, isNull, sql } from "drizzle-orm";
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

export interface OverviewPageJson {
  /** the page's `designerOverviewSchema` items as JSON text */
  items: string;
  /** the last item's keyset when another page follows */
  next: { createdAtKey: string; id: string } | null;
}

/**
 * One page of the designer overview in one statement, written by PostgreSQL as the answer's items:
 * the designers (users_role_created_idx) with their open-task totals (kept on the user row by the
 * tasks triggers, migration 0013) and this month's hours (work_log_designer_period_idx) as a
 * correlated sub-query. A page is 100 designers: read into objects, checked and written again,
 * they cost the call as much as the statement (docs/decisions.md, Responses and statements).
 * Held to worked examples and the schema by hours-overview.api.test.ts.
 */
export async function loadOverviewPageJson(
  db: DbOrTx,
  options: { after: Keyset; limit: number; rules: OverviewRules },
): Promise<OverviewPageJson> {
  const { after, limit, rules } = options;
  const daily = sql`coalesce(page.daily_availability, ${rules.defaultDailyAvailability}::float8)`;
  const order = sql.join(newestFirst, sql`, `);
  const result = await db.execute(sql`
    with page as (
      select ${users.id} as id, ${users.name} as name, ${users.surname} as surname, ${users.avatarKey} as avatar_key,
        ${users.dailyAvailability} as daily_availability, ${users.hourRateCents} as hour_rate_cents,
        ${users.debtCents} as debt_cents, ${users.openTasks} as open_tasks,
        ${users.openEstimatedHours} as open_estimated_hours, ${users.createdAt} as created_at,
        (select coalesce(sum(w.hours), 0)::int from ${workLog} w
          where w.designer_id = ${users.id} and w.period_start = ${new Date(rules.monthStart).toISOString()}::timestamptz
        ) as hours_this_month,
        row_number() over (order by ${order}) as n
      from ${users}
      where ${designerRows(after)}
      order by ${order}
      limit ${limit + 1}
    )
    select
      coalesce(json_agg(json_build_object(
        'id', page.id, 'name', page.name, 'surname', page.surname, 'avatarKey', page.avatar_key,
        'openTasks', page.open_tasks, 'openEstimatedHours', page.open_estimated_hours,
        'hoursThisMonth', page.hours_this_month, 'dailyAvailability', ${daily},
        'capacityHours', ${rules.capacityPerDailyHour}::float8 * ${daily},
        'hourRate', page.hour_rate_cents::float8 / 100, 'debtMoney', page.debt_cents::float8 / 100
      ) order by page.n) filter (where page.n <= ${limit}), '[]'::json)::text as items,
      max(${timestampKey(sql`page.created_at`)}) filter (where page.n = ${limit}) as last_key,
      max(page.id::text) filter (where page.n = ${limit}) as last_id,
      count(*)::int as rows
    from page
  `);
  const [row] = (
    result as unknown as { rows: { items: string; last_key: string | null; last_id: string | null; rows: number }[] }
  ).rows;
  if (!row) throw new Error("the overview statement answers one row");
  const more = row.rows > limit && row.last_key !== null && row.last_id !== null;
  return { items: row.items, next: more ? { createdAtKey: row.last_key as string, id: row.last_id as string } : null };
}

/** A timestamp column as epoch ms (null stays null). */
const epochMs = <T extends number | null>(column: AnyColumn) => sql<T>`(extract(epoch from ${column}) * 1000)::float8`;

export interface ScheduleDesignerRow {
  id: string;
  name: string;
  surname: string;
  avatarKey: string | null;
  dailyAvailability: number | null;
  createdAtKey: string;
}

/** A page of designers for the schedule (or the one asked for). */
export function listScheduleDesigners(
  db: DbOrTx,
  options: { after: Keyset; limit: number; designerId?: string },
): Promise<ScheduleDesignerRow[]> {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      avatarKey: users.avatarKey,
      dailyAvailability: users.dailyAvailability,
      createdAtKey: timestampKey(users.createdAt),
    })
    .from(users)
    .where(designerRows(options.after, options.designerId))
    .orderBy(...newestFirst)
    .limit(options.limit + 1);
}

export interface ScheduleTaskRow {
  id: string;
  designerId: string | null;
  projectId: string;
  projectName: string;
  title: string;
  status: (typeof tasks.$inferSelect)["status"];
  /** epoch ms */
  createdAt: number;
  /** epoch ms */
  deadline: number | null;
  estimatedWork: number | null;
}

/**
 * The open tasks (to do, in progress) of these designers with a deadline on or after `from` and
 * created before `to`: what can have hours in the range. One statement over tasks_designer_deadline_idx.
 */
export function listScheduleTasks(
  db: DbOrTx,
  options: { designerIds: string[]; from: Date; to: Date },
): Promise<ScheduleTaskRow[]> {
  if (options.designerIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: tasks.id,
      designerId: tasks.designerId,
      projectId: tasks.projectId,
      projectName: projects.name,
      title: tasks.title,
      status: tasks.status,
      // Epoch ms in SQL: a month of a busy page is thousands of rows, and a Date per timestamp to
      // build and read back was a good part of the call's time.
      createdAt: epochMs<number>(tasks.createdAt),
      deadline: epochMs<number | null>(tasks.deadline),
      estimatedWork: tasks.estimatedWork,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        inArray(tasks.designerId, options.designerIds),
        eq(tasks.archived, false),
        inArray(tasks.status, ["todo", "inProgress"]),
        sql`${tasks.deadline} >= ${options.from.toISOString()}::timestamptz`,
        sql`${tasks.createdAt} < ${options.to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(tasks.deadline, tasks.id);
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
