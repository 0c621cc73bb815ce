import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTask, buildTeamWorld, type Cast } from "../test/builders.ts";
import { addDesigns, buildWorkTask, uploadImage } from "../test/design-builders.ts";
import { recordStatements } from "../test/statement-counter.ts";
import type { TestApp } from "../test/test-app.ts";

/**
 * What the hot reads cost, counted at the driver (issue 21, point 9): the bench measures their
 * speed at scale, this holds their statement counts between bench runs. A new statement on one of
 * these calls is a decision: raise its budget here with the reason.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildWorkTask(t, cast, project);
  await addDesigns(t, cast.designerOnTeam, task, [await uploadImage(t, cast.designerOnTeam)]);
  for (const title of ["Second", "Third"]) await buildTask(t, cast.owner, { projectId: project.id, title });
});
afterAll(() => t.close());

const BUDGETS: Array<{ call: string; budget: number; run: () => Promise<{ status: number }> }> = [
  {
    call: "projects list (a customer)",
    budget: 3,
    run: () => t.api(contract.projects.list, { token: cast.owner.token, query: {} }),
  },
  {
    call: "projects list (staff)",
    budget: 3,
    run: () => t.api(contract.projects.list, { token: cast.projectManager.token, query: {} }),
  },
  {
    // session, page, designs of the page, their comments, zip links (issue 22 asks for fewer)
    call: "a project's tasks",
    budget: 5,
    run: () => t.api(contract.tasks.list, { token: cast.owner.token, params: { id: project.id }, query: {} }),
  },
  {
    call: "one task",
    budget: 3,
    run: () => t.api(contract.tasks.get, { token: cast.owner.token, params: { id: project.id, taskId: task.id } }),
  },
  {
    call: "a task's designs",
    budget: 2,
    run: () =>
      t.api(contract.designs.get, {
        token: cast.designerOnTeam.token,
        params: { id: project.id, taskId: task.id },
      }),
  },
  {
    call: "the tasks dashboard",
    budget: 6,
    run: () => t.api(contract.tasks.dashboard, { token: cast.projectManager.token, query: {} }),
  },
  {
    call: "the messages feed",
    budget: 2,
    run: () => t.api(contract.messages.feed, { token: cast.designerOnTeam.token, query: {} }),
  },
];

describe("the hot reads' statements", () => {
  it.each(BUDGETS)("$call: at most $budget", async ({ run, budget }) => {
    // Warm: a first call may slide the session's last-seen time (a write once in five minutes).
    expect((await run()).status).toBe(200);
    const { result, statements } = await recordStatements(t.database, run);
    expect(result.status).toBe(200);
    expect(statements.length, statements.join("\n---\n")).toBeLessThanOrEqual(budget);
  });
});
