import { contract, monthStartUtc, type Project, workLogSchema } from "@atelier/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type BuiltUser, buildCast, buildTeamProject, buildUser, type Cast } from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { workLog } from "../../db/schema/index.ts";
import { loadDesignerWorkLogJson } from "./repo/work-log.ts";

/**
 * The work log is written by PostgreSQL (repo/work-log.ts): these hold its answer to worked
 * examples and to the endpoint's schema: months in UTC, newest first, empty ones listed, hours per
 * project by the project's current name.
 */

let t: TestApp;
let cast: Cast;
let brand: Project;
let packaging: Project;

const NOW = Date.UTC(2026, 5, 15, 12); // mid June 2026
const month = (year: number, monthIndex: number) => Date.UTC(year, monthIndex, 1);

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  brand = await buildTeamProject(t, cast, { name: "Brand refresh" });
  packaging = await buildTeamProject(t, cast, { name: "Packaging" });
});
afterAll(async () => {
  await t.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** An entry of `hours` in the month of `periodStart`, logged on `project` under `projectName`. */
async function logEntry(
  designer: BuiltUser,
  periodStart: number,
  hours: number,
  project: Project | null,
  projectName = project?.name ?? "",
) {
  await t.ctx.db.insert(workLog).values({
    designerId: designer.user.id,
    projectId: project?.id ?? null,
    projectName,
    periodStart: new Date(periodStart),
    approvedAt: new Date(periodStart + 3_600_000),
    hours,
    hourRateCents: 2000,
    amountCents: hours * 2000,
  });
}

async function workLogAt(now: number, designer: BuiltUser, token = designer.token) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(now));
  const response = await t.api(contract.hours.workLogMonthly, {
    query: token === designer.token ? {} : { designerId: designer.user.id },
    token,
  });
  vi.useRealTimers();
  expect(response.status).toBe(200);
  // The answer has exactly the schema's shape: parsing keeps every field and adds none.
  expect(workLogSchema.parse(response.body)).toEqual(response.body);
  return response.body.items;
}

describe("the work log", () => {
  it("lists every UTC month from the first logged one to this one, newest first, by current project name", async () => {
    const designer = await buildUser(t, { role: "designer" });
    await logEntry(designer, month(2026, 3), 3, brand);
    // Logged under the project's old name: counted under its name now.
    await logEntry(designer, month(2026, 3), 1, brand, "Old brand");
    await logEntry(designer, month(2026, 3), 2, packaging);
    // A removed project keeps the name it had when the hours were logged.
    await logEntry(designer, month(2026, 0), 5, null, "Removed project");

    expect(await workLogAt(NOW, designer)).toEqual([
      { fromTs: month(2026, 5), toTs: month(2026, 6), amount: 0, perProject: {} },
      { fromTs: month(2026, 4), toTs: month(2026, 5), amount: 0, perProject: {} },
      { fromTs: month(2026, 3), toTs: month(2026, 4), amount: 6, perProject: { "Brand refresh": 4, Packaging: 2 } },
      { fromTs: month(2026, 2), toTs: month(2026, 3), amount: 0, perProject: {} },
      { fromTs: month(2026, 1), toTs: month(2026, 2), amount: 0, perProject: {} },
      { fromTs: month(2026, 0), toTs: month(2026, 1), amount: 5, perProject: { "Removed project": 5 } },
    ]);
    // Staff read the same log for the designer.
    expect(await workLogAt(NOW, designer, cast.admin.token)).toHaveLength(6);
  });

  it("crosses a year and answers the current month alone for a designer with no hours", async () => {
    const designer = await buildUser(t, { role: "designer" });
    expect(await workLogAt(NOW, designer)).toEqual([
      { fromTs: month(2026, 5), toTs: month(2026, 6), amount: 0, perProject: {} },
    ]);
    await logEntry(designer, month(2025, 11), 7, brand);
    const items = await workLogAt(Date.UTC(2026, 1, 1), designer);
    expect(items).toEqual([
      { fromTs: month(2026, 1), toTs: month(2026, 2), amount: 0, perProject: {} },
      { fromTs: month(2026, 0), toTs: month(2026, 1), amount: 0, perProject: {} },
      { fromTs: month(2025, 11), toTs: month(2026, 0), amount: 7, perProject: { "Brand refresh": 7 } },
    ]);
  });

  it("leaves out a month after the current one (a clock behind the database's)", async () => {
    const designer = await buildUser(t, { role: "designer" });
    await logEntry(designer, month(2026, 6), 2, brand);
    await logEntry(designer, month(2026, 4), 1, brand);
    expect((await workLogAt(NOW, designer)).map((item) => [item.fromTs, item.amount])).toEqual([
      [month(2026, 5), 0],
      [month(2026, 4), 1],
    ]);
  });

  it("counts months in UTC whatever the database session's time zone", async () => {
    const designer = await buildUser(t, { role: "designer" });
    await logEntry(designer, month(2026, 2), 4, brand);
    const current = monthStartUtc(NOW);
    const inUtc = await loadDesignerWorkLogJson(t.ctx.db, designer.user.id, current);
    const elsewhere = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local time zone 'Pacific/Auckland'`);
      return loadDesignerWorkLogJson(tx, designer.user.id, current);
    });
    expect(JSON.parse(elsewhere)).toEqual(JSON.parse(inUtc));
    expect(JSON.parse(inUtc).items).toHaveLength(4);
  });
});
