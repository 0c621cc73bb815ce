import type { RawSql } from "./database.ts";
import type { Scenario } from "./scenarios.ts";
import type { Workspace } from "./seed.ts";

/** Months of work log the bench designer gets (issue 10: five years of entries). */
const YEARS_OF_LOG = 5;
/** Entries per month of the bench designer, over as many projects. */
const ENTRIES_PER_MONTH = 40;
/** Entries this month of every other designer, so the overview's sums have rows to add. */
const ENTRIES_THIS_MONTH = 3;

const DAY = 86_400_000;

/**
 * Hours calls under load (issue 10 "Performance"): the bench designer's monthly work log over five
 * years of entries; the designer overview (one page of 100 of all the workspace's designers); and
 * the schedule of a month for 100 designers a page (staff) and for the designer alone. The entries
 * are written set-based straight into work_log (task-less, as approvals of removed tasks leave them).
 */
export async function buildHoursScenarios(raw: RawSql, workspace: Workspace): Promise<Scenario[]> {
  const { admin, designer } = workspace.actors;
  const months = YEARS_OF_LOG * 12;
  await raw.query(
    `insert into work_log (project_id, project_name, designer_id, period_start, approved_at, hours, hour_rate_cents, amount_cents)
     select p.id, p.name, u.id, month, month + interval '3 days', 1 + (m % 7), 2500, (1 + (m % 7)) * 2500
     from users u
     cross join generate_series(0, $1 - 1) m
     cross join lateral (select date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - m * interval '1 month' as month) d
     cross join (select id, name from projects order by created_at limit $2) p
     where u.id = $3`,
    [months, ENTRIES_PER_MONTH, designer.id],
  );
  await raw.query(
    `insert into work_log (project_id, project_name, designer_id, period_start, approved_at, hours, hour_rate_cents, amount_cents)
     select p.id, p.name, u.id, date_trunc('month', now() at time zone 'UTC') at time zone 'UTC', now(), 2, 2000, 4000
     from users u
     cross join generate_series(1, $1) k
     cross join (select id, name from projects order by created_at limit 1) p
     where u.role = 'designer' and u.id <> $2`,
    [ENTRIES_THIS_MONTH, designer.id],
  );
  await raw.query("analyze work_log");
  const [counted] = await raw.query(
    "select count(*)::int as n from users where role = 'designer' and deleted_at is null",
  );
  const designers = Number(counted?.n ?? 0);
  // Issue 10 names "500 designers" and "200 designers": the calls answer at most 100 rows a page
  // (PAGE_SIZE_MAX), so what is measured is one full page; say so beside the figures.
  console.log(
    `hours: ${designers} designers; the overview and the staff schedule are measured on their first page of 100` +
      ` (a screen walks ${Math.ceil(designers / 100)} such pages for all of them); the work log is one designer's` +
      ` ${months} months × ${ENTRIES_PER_MONTH} entries`,
  );
  const now = new Date();
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const to = from + 35 * DAY;
  return [
    { name: "work-log monthly (5 years)", path: "/v3/designer-work-log/monthly", token: designer.token },
    { name: "designer overview p1 (100)", path: "/v3/project/designer/overview?limit=100", token: admin.token },
    { name: "schedule month staff (100)", path: `/v3/schedule?from=${from}&to=${to}&limit=100`, token: admin.token },
    { name: "schedule month designer", path: `/v3/schedule?from=${from}&to=${to}`, token: designer.token },
  ];
}
