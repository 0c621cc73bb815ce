import {
  contract,
  type DashboardTask,
  dashboardTaskSchema,
  deadlineForDay,
  type Project,
  type Task,
} from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildTask,
  buildTeamWorld,
  type Cast,
  type CastMember,
  setStatusAs,
  uploadAttachment,
} from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, ok, uploadImage } from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * The dashboard's rows are written partly by PostgreSQL (what every viewer sees alike,
 * repo/dashboard.ts) and partly in JavaScript (surnames, cost, abilities, designs: presenter.ts),
 * while the task call presents the whole task in JavaScript. A row must be exactly the task as
 * that call answers it to the same person, with its project's name: designs, a zip, description
 * files, text that JSON must escape, a deadline and none, estimates, redacted surnames, archived.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
const tasks: Task[] = [];

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  const withDesigns = await buildWorkTask(t, cast, project);
  await addDesigns(t, cast.designerOnTeam, withDesigns, [await uploadImage(t, cast.designerOnTeam, "cover.png")]);
  tasks.push(await setStatusAs(t, cast.designerOnTeam, withDesigns, "review"));
  tasks.push(
    await buildTask(t, cast.owner, {
      projectId: project.id,
      title: 'Poster "final" — ünïcödé ✓',
      description: 'Line one\nLine "two"\t\\ with a tab, a backslash and 🎨',
      deadline: deadlineForDay(2031, 4, 9),
      priority: "urgent",
      descriptionFileKeys: [await uploadAttachment(t, cast.owner, "brief.txt")],
    }),
  );
  tasks.push(await buildTask(t, cast.editor, { projectId: project.id, title: "Unassigned, no deadline" }));
  const archived = await buildTask(t, cast.owner, { projectId: project.id, title: "Old sketch" });
  ok(
    "archive",
    await t.api(contract.tasks.archive, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: archived.id },
    }),
  );
  tasks.push(archived);
});
afterAll(() => t.close());

async function dashboardRows(person: BuiltUser, archived: boolean): Promise<DashboardTask[]> {
  const page = ok(
    "dashboard",
    await t.api(contract.tasks.dashboard, { token: person.token, query: archived ? { archived: "true" } : {} }),
  );
  expect(page.nextCursor).toBeNull();
  return page.items;
}

async function taskAsCalled(person: BuiltUser, task: { id: string; projectId: string }): Promise<Task> {
  return ok(
    "task",
    await t.api(contract.tasks.get, { token: person.token, params: { id: task.projectId, taskId: task.id } }),
  );
}

const staffAndDesigner: CastMember[] = ["admin", "projectManager", "designerOnTeam"];

describe("a dashboard row", () => {
  it.each(staffAndDesigner)("is the task as the task call answers it to %s, with its project's name", async (who) => {
    const person = cast[who];
    const rows = [...(await dashboardRows(person, false)), ...(await dashboardRows(person, true))];
    // The designer sees only the task assigned to them; staff see all four.
    expect(rows.map((row) => row.id).sort()).toEqual(
      (who === "designerOnTeam" ? tasks.slice(0, 1) : tasks).map((task) => task.id).sort(),
    );
    for (const row of rows) {
      expect(dashboardTaskSchema.strict().safeParse(row).success, row.title).toBe(true);
      expect(row, row.title).toEqual({ ...(await taskAsCalled(person, row)), projectName: project.name });
    }
  });

  it("carries what the rows were built to show", async () => {
    const [withDesigns, poster, unassigned] = await dashboardRows(cast.projectManager, false).then((rows) =>
      tasks.slice(0, 3).map((task) => rows.find((row) => row.id === task.id)),
    );
    expect(withDesigns?.designerFileList).toHaveLength(1);
    expect(withDesigns?.designer?.surname).toMatch(/^[A-Z]\.$/);
    expect(withDesigns?.estimatedWork).not.toBeNull();
    expect(poster?.title).toBe('Poster "final" — ünïcödé ✓');
    expect(poster?.descriptionFiles.map((file) => file.name)).toEqual(["brief.txt"]);
    expect(poster?.priority).toEqual({ value: "urgent", textValue: expect.any(String) });
    expect(poster?.deadline).toBe(deadlineForDay(2031, 4, 9));
    expect(unassigned?.deadline).toBe(0);
    expect(unassigned?.designer).toBeNull();
  });
});
