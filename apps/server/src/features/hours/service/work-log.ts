import { canReadWorkLog, monthStartUtc, nextMonthStartUtc, type WorkLog, type WorkLogPeriod } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import { listDesignerMonths, type MonthHours } from "../repo/work-log.ts";

/**
 * `GET /v3/designer-work-log/monthly`: the caller's log, or a designer's for staff. One period per
 * UTC month from the first logged month to the current one, newest first (empty months included,
 * the header shows them disabled).
 */
export async function loadWorkLog(
  ctx: AppContext,
  actor: Actor,
  query: { designerId?: string | undefined },
): Promise<WorkLog> {
  const designerId = query.designerId ?? actor.id;
  if (!canReadWorkLog(actor, designerId)) throw forbidden();
  const rows = await listDesignerMonths(ctx.db, designerId);
  return { items: toPeriods(rows, Date.now()) };
}

export function toPeriods(rows: readonly MonthHours[], now: number): WorkLogPeriod[] {
  const byMonth = new Map<number, WorkLogPeriod>();
  const current = monthStartUtc(now);
  let first = current;
  for (const row of rows) first = Math.min(first, row.periodStart);
  for (let month = current; month >= first; month = monthStartUtc(month - 1)) {
    byMonth.set(month, { fromTs: month, toTs: nextMonthStartUtc(month), amount: 0, perProject: {} });
  }
  for (const row of rows) {
    const period = byMonth.get(row.periodStart);
    if (!period) continue; // a month after the current one cannot be logged; ignore a clock skew
    period.amount = row.hours;
    period.perProject = row.perProject;
  }
  return [...byMonth.values()];
}
