import { contract, dayStartUtc, deadlineForDay, layoutSchedule, type Project, weekStartUtc } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  buildCast,
  buildTask,
  buildTeamProject,
  type Cast,
  setStatusAs,
  startTaskAs,
} from "../../../test/builders.ts";
import { designerOn, overviewOf } from "../../../test/hours-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { tasks, users } from "../../db/schema/index.ts";

/** The schedule and the overview read what approval and estimates wrote. */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast, { name: "Schedule project" });
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;

describe("schedule", () => {
  it("answers a designer's own row, and staff every designer's", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const other = await designerOn(t, cast, project, 1000);
    // Next week, so the deadline is in the future whatever day the test runs.
    const monday = weekStartUtc(Date.now()) + 7 * DAY;
    const friday = new Date(monday + 4 * DAY);
    const deadline = deadlineForDay(friday.getUTCFullYear(), friday.getUTCMonth(), friday.getUTCDate());
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Poster", deadline });
    await assignTask(t, cast.admin, task, designer);
    await startTaskAs(t, designer, task, { estimatedTimeOfCompletion: 24, estimatedWork: 12 });
    const range = { from: monday, to: monday + 7 * DAY };

    const own = await t.api(contract.hours.schedule, { query: range, token: designer.token });
    expect(own.body.items).toHaveLength(1);
    expect(own.body.items[0]).toMatchObject({
      id: designer.user.id,
      dailyAvailability: 8,
      tasks: [{ id: task.id, title: "Poster", projectName: "Schedule project", estimatedWork: 12, deadline }],
    });

    const staff = await t.api(contract.hours.schedule, {
      query: { ...range, limit: 100 },
      token: cast.projectManager.token,
    });
    const ids = staff.body.items.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([designer.user.id, other.user.id, cast.designerOnTeam.user.id]));
    expect(staff.body.items.find((row) => row.id === other.user.id)?.tasks).toEqual([]);
  });

  it("pages designers for staff with a cursor", async () => {
    const range = { from: Date.now(), to: Date.now() + DAY };
    const first = await t.api(contract.hours.schedule, { query: { ...range, limit: 1 }, token: cast.admin.token });
    expect(first.body.items).toHaveLength(1);
    const second = await t.api(contract.hours.schedule, {
      query: { ...range, limit: 1, cursor: first.body.nextCursor ?? "" },
      token: cast.admin.token,
    });
    expect(second.body.items[0]?.id).not.toBe(first.body.items[0]?.id);
  });
});

describe("a designer's row", () => {
  it("holds the open tasks that can have hours in the range, soonest deadline first, in exactly the schema's shape", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    await t.ctx.db.update(users).set({ dailyAvailability: 6.5 }).where(eq(users.id, designer.user.id));
    const monday = weekStartUtc(Date.now()) + 7 * DAY;
    const dayOf = (ms: number) => {
      const day = new Date(ms);
      return deadlineForDay(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    };
    const assigned = async (title: string, deadline: number) => {
      const task = await buildTask(t, cast.owner, { projectId: project.id, title, deadline });
      await assignTask(t, cast.admin, task, designer);
      return task;
    };
    const friday = await assigned("Friday flyer", dayOf(monday + 4 * DAY));
    const wednesday = await assigned("Wednesday banner", dayOf(monday + 2 * DAY));
    const started = await startTaskAs(t, designer, wednesday, { estimatedTimeOfCompletion: 24, estimatedWork: 12 });
    // Out of the row: in review (its hours are the reviewer's to approve), archived, and a deadline
    // before the range (written directly: the API refuses a deadline in the past).
    const inReview = await assigned("In review", dayOf(monday + DAY));
    await startTaskAs(t, designer, inReview, { estimatedTimeOfCompletion: 8, estimatedWork: 4 });
    await setStatusAs(t, designer, inReview, "review");
    const archived = await assigned("Archived", dayOf(monday + DAY));
    await t.ctx.db.update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.id, archived.id));
    const overdue = await assigned("Overdue", dayOf(monday + DAY));
    await t.ctx.db
      .update(tasks)
      .set({ deadline: new Date(monday - 3 * DAY) })
      .where(eq(tasks.id, overdue.id));

    const answer = await t.api(contract.hours.schedule, {
      query: { from: monday, to: monday + 7 * DAY },
      token: designer.token,
    });
    expect(answer.status).toBe(200);
    expect(contract.hours.schedule.response.parse(answer.body)).toEqual(answer.body);
    expect(answer.body).toEqual({
      nextCursor: null,
      items: [
        {
          id: designer.user.id,
          name: designer.user.name,
          surname: designer.user.surname,
          avatarKey: null,
          dailyAvailability: 6.5,
          tasks: [
            {
              id: wednesday.id,
              projectId: project.id,
              projectName: "Schedule project",
              title: "Wednesday banner",
              status: "inProgress",
              createdAt: started.createdAt,
              deadline: wednesday.deadline,
              estimatedWork: 12,
              startedAt: expect.any(Number),
              estimatedTimeOfCompletion: 24,
            },
            {
              id: friday.id,
              projectId: project.id,
              projectName: "Schedule project",
              title: "Friday flyer",
              status: "todo",
              createdAt: friday.createdAt,
              deadline: friday.deadline,
              estimatedWork: 0,
              startedAt: null,
              estimatedTimeOfCompletion: null,
            },
          ],
        },
      ],
    });
  });
});

describe("tasks in progress without a deadline (issue 29 point 12)", () => {
  it("are on the schedule from their start over their time to completion; undated tasks to do are not", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const undated = await buildTask(t, cast.owner, { projectId: project.id, title: "Undated logo" });
    await assignTask(t, cast.admin, undated, designer);
    const before = Date.now();
    await startTaskAs(t, designer, undated, { estimatedTimeOfCompletion: 48, estimatedWork: 10 });
    const waiting = await buildTask(t, cast.owner, { projectId: project.id, title: "Undated, to do" });
    await assignTask(t, cast.admin, waiting, designer);

    const from = dayStartUtc(Date.now());
    const answer = await t.api(contract.hours.schedule, { query: { from, to: from + 7 * DAY }, token: designer.token });
    expect(answer.status).toBe(200);
    const row = answer.body.items[0];
    expect(row?.tasks.map((task) => task.title)).toEqual(["Undated logo"]);
    const task = row?.tasks[0];
    expect(task).toMatchObject({ deadline: 0, estimatedWork: 10, estimatedTimeOfCompletion: 48 });
    expect(task?.startedAt).toBeGreaterThanOrEqual(before - 1000);
    // Laid out with the shared rule: all ten hours land on working days in the week from today.
    const days = layoutSchedule(row?.tasks ?? [], { from, to: from + 7 * DAY }, row?.dailyAvailability ?? 8);
    expect(days.reduce((sum, day) => sum + day.hours, 0)).toBeCloseTo(10);
    for (const day of days) if (day.capacity === 0) expect(day.hours).toBe(0);
  });
});

describe("designer overview", () => {
  it("counts open tasks and their estimates, capacity from daily availability", async () => {
    const designer = await designerOn(t, cast, project, 1000);
    const task = await buildTask(t, cast.owner, { projectId: project.id });
    await assignTask(t, cast.admin, task, designer);
    await startTaskAs(t, designer, task, { estimatedTimeOfCompletion: 24, estimatedWork: 7 });
    const line = await overviewOf(t, cast, designer);
    expect(line).toMatchObject({ openTasks: 1, openEstimatedHours: 7, hoursThisMonth: 0, dailyAvailability: 8 });
    expect(line.capacityHours).toBeGreaterThanOrEqual(8 * 20);
  });
});
