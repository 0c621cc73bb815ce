import { type AnyColumn, and, eq, inArray, isNull, sql } from "drizzle-orm";
import { timestampKey } from "../../../core/cursor.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { projects, tasks, users } from "../../../db/schema/index.ts";

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

export interface OverviewRow {
  id: string;
  name: string;
  surname: string;
  avatarKey: string | null;
  dailyAvailability: number | null;
  hourRateCents: number;
  debtCents: number;
  createdAtKey: string;
  openTasks: number;
  openEstimatedHours: number;
  hoursThisMonth: number;
}

const at = (name: string) => sql.placeholder(name);
/** A timestamp column as epoch ms (null stays null). */
const epochMs = <T extends number | null>(column: AnyColumn) => sql<T>`(extract(epoch from ${column}) * 1000)::float8`;

function prepareOverview(db: DbOrTx, deep: boolean) {
  return db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      avatarKey: users.avatarKey,
      dailyAvailability: users.dailyAvailability,
      hourRateCents: users.hourRateCents,
      debtCents: users.debtCents,
      createdAtKey: timestampKey(users.createdAt),
      openTasks: users.openTasks,
      openEstimatedHours: users.openEstimatedHours,
      // Spelled with table names: in a one-table select drizzle leaves columns unqualified, which
      // inside a sub-query would bind to the sub-query's own table.
      hoursThisMonth: sql<number>`(select coalesce(sum("work_log"."hours"), 0)::int from "work_log"
        where "work_log"."designer_id" = "users"."id" and "work_log"."period_start" = ${at("monthStart")}::timestamptz)`,
    })
    .from(users)
    .where(
      and(
        eq(users.role, "designer"),
        isNull(users.deletedAt),
        deep
          ? sql`(${users.createdAt}, ${users.id}) < (${at("afterKey")}::timestamptz, ${at("afterId")}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...newestFirst)
    .limit(at("limit"))
    .prepare(`designer_overview_${deep ? "deep" : "first"}`);
}

const preparedOverviews = new WeakMap<
  DbOrTx,
  { first: ReturnType<typeof prepareOverview>; deep: ReturnType<typeof prepareOverview> }
>();

/**
 * One page of the designer overview in one statement: the designers (users_role_created_idx) with
 * their open-task totals (kept on the user row by the tasks triggers, migration 0013) and this
 * month's hours (work_log_designer_period_idx) as a correlated sub-query. Prepared: a hot read
 * (DESIGN §10).
 */
export function listOverview(
  db: DbOrTx,
  options: { after: Keyset; limit: number; monthStart: Date },
): Promise<OverviewRow[]> {
  let prepared = preparedOverviews.get(db);
  if (!prepared) {
    prepared = { first: prepareOverview(db, false), deep: prepareOverview(db, true) };
    preparedOverviews.set(db, prepared);
  }
  const { after } = options;
  return (after ? prepared.deep : prepared.first).execute({
    monthStart: options.monthStart.toISOString(),
    limit: options.limit + 1,
    ...(after ? { afterKey: after.createdAtKey, afterId: after.id } : {}),
  });
}

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
