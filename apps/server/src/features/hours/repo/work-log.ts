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

export interface MonthHours {
  /** the month's first instant, epoch ms */
  periodStart: number;
  hours: number;
  /** hours per project name (the project's current name when it still exists) */
  perProject: Record<string, number>;
}

/**
 * A designer's hours per month, newest first, each month one row with its hours per project as a
 * JSON object, in one statement over work_log_designer_period_idx. Months come out whole so the
 * call maps ~60 rows for five years rather than one per month and project (issue 10's bench).
 * Grouped by name in SQL: two projects with one name share a line, as the tooltip shows them.
 */
export function listDesignerMonths(db: DbOrTx, designerId: string): Promise<MonthHours[]> {
  const perName = db
    .select({
      periodStart: sql<Date>`${workLog.periodStart}`.as("period_start"),
      name: sql<string>`coalesce(${projects.name}, ${workLog.projectName})`.as("name"),
      hours: sql<number>`sum(${workLog.hours})::int`.as("hours"),
    })
    .from(workLog)
    .leftJoin(projects, eq(projects.id, workLog.projectId))
    .where(eq(workLog.designerId, designerId))
    .groupBy(workLog.periodStart, sql`coalesce(${projects.name}, ${workLog.projectName})`)
    .as("per_name");
  return db
    .select({
      // Epoch ms in SQL: no Date per row to build and read back.
      periodStart: sql<number>`(extract(epoch from ${perName.periodStart}) * 1000)::float8`,
      hours: sql<number>`sum(${perName.hours})::int`,
      perProject: sql<Record<string, number>>`json_object_agg(${perName.name}, ${perName.hours})`,
    })
    .from(perName)
    .groupBy(perName.periodStart)
    .orderBy(sql`${perName.periodStart} desc`);
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
