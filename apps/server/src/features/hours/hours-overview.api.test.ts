import { contract, monthStartUtc, nextMonthStartUtc, type Project } from "@atelier/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  assignTask,
  type BuiltUser,
  buildMember,
  buildTask,
  buildTeamProject,
  buildTeamWorld,
  buildUser,
  type Cast,
  setStatusAs,
  startTaskAs,
} from "../../../test/builders.ts";
import { approvedTask, designerOn, overviewOf, taskInReview, workLogOf } from "../../../test/hours-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { users } from "../../db/schema/index.ts";

/**
 * The overview's open tasks and open estimate are kept on the user row by triggers on tasks
 * (migration 0013); every kind of task write must move them as counting the tasks would.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

async function openFigures(designer: BuiltUser) {
  const { openTasks, openEstimatedHours } = await overviewOf(t, cast, designer);
  return { openTasks, openEstimatedHours };
}

/** Users whose kept totals differ from counting their open tasks now. */
function driftedUsers() {
  const open = sql.raw(
    `from "tasks" where "tasks"."designer_id" = "users"."id" and not "tasks"."archived" and "tasks"."status" <> 'approved'`,
  );
  return t.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      sql`${users.openTasks} <> (select count(*) ${open}) or ${users.openEstimatedHours} <> (select coalesce(sum("tasks"."estimated_work"), 0) ${open})`,
    );
}

describe("work log months", () => {
  it("carry the month's hours per project, one month a row", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const second = await buildTeamProject(t, cast, { name: "Second project" });
    await buildMember(t, { project: second, by: cast.admin, person: designer, role: "designer" });
    await approvedTask(t, cast, project, designer, 2);
    await approvedTask(t, cast, second, designer, 3);
    await approvedTask(t, cast, second, designer, 4);
    const [current, ...earlier] = await workLogOf(t, designer);
    expect(current).toEqual({
      fromTs: monthStartUtc(Date.now()),
      toTs: nextMonthStartUtc(Date.now()),
      amount: 9,
      perProject: { [project.name]: 2, "Second project": 7 },
    });
    expect(earlier).toEqual([]);
  });
});

describe("designer overview open totals", () => {
  it("follow assigning, estimates, approval, reopening, archiving, reassigning and removal", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const other = await designerOn(t, cast, project, 1000);
    expect(await openFigures(designer)).toEqual({ openTasks: 0, openEstimatedHours: 0 });

    const first = await taskInReview(t, cast, project, designer, 6);
    const second = await buildTask(t, cast.owner, { projectId: project.id });
    await assignTask(t, cast.admin, second, designer);
    expect(await openFigures(designer)).toEqual({ openTasks: 2, openEstimatedHours: 6 });

    await startTaskAs(t, designer, second, { estimatedTimeOfCompletion: 24, estimatedWork: 4 });
    expect(await openFigures(designer)).toEqual({ openTasks: 2, openEstimatedHours: 10 });
    const estimated = await t.api(contract.tasks.updateEstimates, {
      token: designer.token,
      body: { projectId: project.id, taskId: second.id, estimatedTimeOfCompletion: 24, estimatedWork: 5 },
    });
    expect(estimated.status).toBe(200);
    expect(await openFigures(designer)).toEqual({ openTasks: 2, openEstimatedHours: 11 });

    await setStatusAs(t, cast.owner, first, "approved");
    expect(await openFigures(designer)).toEqual({ openTasks: 1, openEstimatedHours: 5 });
    await setStatusAs(t, cast.owner, first, "inProgress");
    expect(await openFigures(designer)).toEqual({ openTasks: 2, openEstimatedHours: 11 });

    const ref = { projectId: project.id, taskId: second.id };
    expect((await t.api(contract.tasks.archive, { token: cast.admin.token, body: ref })).status).toBe(200);
    expect(await openFigures(designer)).toEqual({ openTasks: 1, openEstimatedHours: 6 });
    expect((await t.api(contract.tasks.unarchive, { token: cast.admin.token, body: ref })).status).toBe(200);
    expect(await openFigures(designer)).toEqual({ openTasks: 2, openEstimatedHours: 11 });

    await assignTask(t, cast.admin, second, other);
    expect(await openFigures(designer)).toEqual({ openTasks: 1, openEstimatedHours: 6 });
    expect(await openFigures(other)).toEqual({ openTasks: 1, openEstimatedHours: 5 });

    const removed = await t.api(contract.tasks.remove, {
      token: cast.admin.token,
      params: { id: project.id, taskId: first.id },
    });
    expect(removed.status).toBe(200);
    expect(await openFigures(designer)).toEqual({ openTasks: 0, openEstimatedHours: 0 });
    expect(await driftedUsers()).toEqual([]);
  });

  it("agree with counting after a project with open tasks is removed", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    await taskInReview(t, cast, project, designer, 3);
    await t.ctx.db.execute(sql`delete from projects where id = ${project.id}`);
    expect(await openFigures(designer)).toEqual({ openTasks: 0, openEstimatedHours: 0 });
    expect(await driftedUsers()).toEqual([]);
    // The check itself sees a skewed row.
    await t.ctx.db.update(users).set({ openTasks: 99 }).where(eq(users.id, designer.user.id));
    expect(await driftedUsers()).toEqual([{ id: designer.user.id }]);
    await t.ctx.db.update(users).set({ openTasks: 0 }).where(eq(users.id, designer.user.id));
  });
});

describe("each designer's line", () => {
  it("carries capacity, rate and debt in dollars, and this month's hours, in exactly the schema's shape", async () => {
    const set = await buildUser(t, { role: "designer", hourRateCents: 4550 });
    const unset = await buildUser(t, { role: "designer", hourRateCents: 1999 });
    await t.ctx.db.update(users).set({ dailyAvailability: 6.5, debtCents: 14975 }).where(eq(users.id, set.user.id));
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.UTC(2026, 5, 15, 12))); // June 2026: 22 working days
    try {
      const first = await t.api(contract.hours.designerOverview, { query: { limit: 2 }, token: cast.admin.token });
      expect(first.status).toBe(200);
      expect(contract.hours.designerOverview.response.parse(first.body)).toEqual(first.body);
      // Newest first: the two designers made just now open the list.
      expect(first.body.items).toEqual([
        {
          id: unset.user.id,
          name: unset.user.name,
          surname: unset.user.surname,
          avatarKey: null,
          openTasks: 0,
          openEstimatedHours: 0,
          hoursThisMonth: 0,
          dailyAvailability: 8,
          capacityHours: 176,
          hourRate: 19.99,
          debtMoney: 0,
        },
        expect.objectContaining({
          id: set.user.id,
          dailyAvailability: 6.5,
          capacityHours: 143,
          hourRate: 45.5,
          debtMoney: 149.75,
        }),
      ]);
      expect(first.body.nextCursor).toEqual(expect.any(String));
      const next = await t.api(contract.hours.designerOverview, {
        query: { limit: 2, cursor: first.body.nextCursor ?? "" },
        token: cast.admin.token,
      });
      expect(next.status).toBe(200);
      expect(next.body.items.map((item) => item.id)).not.toContain(set.user.id);
    } finally {
      vi.useRealTimers();
    }
  });
});
