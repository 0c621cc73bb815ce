import {
  canSeeLedger,
  describePlan,
  type HoursLedger,
  LEDGER_MONTHS,
  monthStartUtc,
  nextMonthStartUtc,
  PAY_AS_YOU_GO_CENTS_PER_HOUR,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadBillingSummary } from "../../billing/index.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { sumInProgressHours } from "../repo/designers.ts";
import { listProjectMonths } from "../repo/work-log.ts";

/**
 * `GET /v3/project/{id}/hours-ledger` (owner, editor, staff; DESIGN §3). Decisions: the period is
 * the current UTC month, like the work log's; the allowance is what the billing summary counts
 * (plan hours plus this period's top-ups; none once the plan's period is over); approved hours are
 * the entries logged this month; in progress is the estimate of started tasks not yet logged.
 */
export async function loadHoursLedger(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  preloaded?: PreloadedScope,
): Promise<HoursLedger> {
  const { project, membership } = await loadVisibleProject(ctx, actor, projectId, preloaded);
  if (!canSeeLedger(actor, membership)) throw forbidden();
  const now = Date.now();
  const current = monthStartUtc(now);
  let oldest = current;
  for (let i = 1; i < LEDGER_MONTHS; i += 1) oldest = monthStartUtc(oldest - 1);
  const [summary, months, inProgressHours] = await Promise.all([
    loadBillingSummary(ctx, actor, projectId),
    listProjectMonths(ctx.db, projectId, new Date(oldest)),
    sumInProgressHours(ctx.db, projectId),
  ]);
  const hoursByMonth = new Map(months.map((row) => [row.periodStart.getTime(), row.hours]));
  const chart: HoursLedger["months"] = [];
  for (let month = oldest; month <= current; month = nextMonthStartUtc(month)) {
    chart.push({ fromTs: month, hours: hoursByMonth.get(month) ?? 0 });
  }
  const approvedHours = hoursByMonth.get(current) ?? 0;
  const costs = summary.costs;
  // The billing balance already has this month's approved hours taken off; the allowance is before that.
  const allowanceHours =
    costs && costs.balanceHours !== null && costs.hoursPerMonth !== null
      ? costs.hoursPerMonth + costs.topUpHours
      : null;
  const isPayAsYouGo = project.paymentPlan === "PAY_AS_YOU_GO";
  return {
    projectId,
    paymentPlan: project.paymentPlan,
    planName: describePlan(project.paymentPlan).name,
    fromTs: current,
    toTs: nextMonthStartUtc(current),
    allowanceHours,
    approvedHours,
    inProgressHours,
    remainingHours: costs?.balanceHours ?? null,
    payAsYouGo: isPayAsYouGo
      ? { centsPerHour: PAY_AS_YOU_GO_CENTS_PER_HOUR, accruedCents: approvedHours * PAY_AS_YOU_GO_CENTS_PER_HOUR }
      : null,
    months: chart,
  };
}
