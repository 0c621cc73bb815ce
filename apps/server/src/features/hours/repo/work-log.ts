import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { projects, users, workLog } from "../../../db/schema/index.ts";

export type WorkLogRow = typeof workLog.$inferSelect;
export type NewWorkLogRow = typeof workLog.$inferInsert;

/** Removes the task's entry (a re-approval replaces it) and answers what it was. */
export async function deleteTaskEntry(tx: DbOrTx, taskId: string): Promise<WorkLogRow | undefined> {
  const [row] = await tx.delete(workLog).where(eq(workLog.taskId, taskId)).returning();
  return row;
}

export async function insertEntry(tx: DbOrTx, values: NewWorkLogRow): Promise<WorkLogRow> {
  const [row] = await tx.insert(workLog).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Moves a user's `debtMoney` by `deltaCents` (earned: +, paid or an entry replaced: −) in the same statement. */
export async function addToDebt(tx: DbOrTx, userId: string, deltaCents: number): Promise<number> {
  const [row] = await tx
    .update(users)
    .set({ debtCents: sql`${users.debtCents} + ${deltaCents}` })
    .where(eq(users.id, userId))
    .returning({ debtCents: users.debtCents });
  if (!row) throw new Error("debt update found no user");
  return row.debtCents;
}

/** What logging needs in one read: the designer's rate now and the project's name. */
export async function findRateAndProjectName(
  tx: DbOrTx,
  designerId: string,
  projectId: string,
): Promise<{ hourRateCents: number; projectName: string } | undefined> {
  const [row] = await tx
    .select({ hourRateCents: users.hourRateCents, projectName: projects.name })
    .from(users)
    .innerJoin(projects, eq(projects.id, projectId))
    .where(eq(users.id, designerId))
    .limit(1);
  return row;
}

/**
 * The designer's work log answer (`{items}` of `workLogSchema`) as JSON text written by
 * PostgreSQL, in one statement over work_log_designer_period_idx: one period per UTC month from
 * the first logged month (or `currentMonth`, whichever is earlier) to `currentMonth`, newest first,
 * empty months with 0 hours and no projects. Five years are some 60 periods of ~40 projects each;
 * built here, the call neither reads them into objects nor checks and writes them again
 * (docs/decisions/053-answers-written-by-postgresql.md). Month arithmetic is on UTC timestamps,
 * whatever the session's time zone. Held to the schema and to worked examples by hours-work-log.api.test.ts.
 */
export async function loadDesignerWorkLogJson(db: DbOrTx, designerId: string, currentMonth: number): Promise<string> {
  const current = sql`(${new Date(currentMonth).toISOString()}::timestamptz at time zone 'UTC')`;
  const result = await db.execute(sql`
    with per_name as (
      select w.period_start, coalesce(p.name, w.project_name) as name, sum(w.hours)::int as hours
      from ${workLog} w left join ${projects} p on p.id = w.project_id
      where w.designer_id = ${designerId}::uuid
      group by w.period_start, coalesce(p.name, w.project_name)
    ), months as (
      select period_start at time zone 'UTC' as month, sum(hours)::int as hours,
        json_object_agg(name, hours) as per_project
      from per_name group by period_start
    ), series as (
      select generate_series(${current}, least(${current}, coalesce((select min(month) from months), ${current})),
        interval '-1 month') as month
    )
    select json_build_object('items', coalesce(json_agg(json_build_object(
      'fromTs', (extract(epoch from series.month at time zone 'UTC') * 1000)::bigint,
      'toTs', (extract(epoch from (series.month + interval '1 month') at time zone 'UTC') * 1000)::bigint,
      'amount', coalesce(months.hours, 0),
      'perProject', coalesce(months.per_project, '{}'::json)
    ) order by series.month desc), '[]'::json))::text as body
    from series left join months on months.month = series.month
  `);
  const [row] = (result as unknown as { rows: { body: string }[] }).rows;
  if (!row) throw new Error("the work log statement answers one row");
  return row.body;
}

/** A project's logged hours per month since `since`. */
export function listProjectMonths(
  db: DbOrTx,
  projectId: string,
  since: Date,
): Promise<{ periodStart: Date; hours: number }[]> {
  return db
    .select({ periodStart: workLog.periodStart, hours: sql<number>`sum(${workLog.hours})::int` })
    .from(workLog)
    .where(and(eq(workLog.projectId, projectId), gte(workLog.periodStart, since)))
    .groupBy(workLog.periodStart);
}
