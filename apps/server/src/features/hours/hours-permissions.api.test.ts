import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import { type BuiltUser, buildCast, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { approvedTask } from "../../../test/hours-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * SPEC §6 and DESIGN §5 for the hours calls as a table over the real API: every call × every kind
 * of actor → the status it must answer; then what a viewer's answers leave out.
 */

const ACTORS = ["admin", "projectManager", "designerOnTeam", "owner", "editor", "viewer", "otherCustomer"] as const;
type Actor = (typeof ACTORS)[number];

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast, { name: "Permissions project" });
  task = await approvedTask(t, cast, project, cast.designerOnTeam, 3);
});
afterAll(async () => {
  await t.close();
});

// Columns in ACTORS order.
const statuses = (...codes: number[]): Record<Actor, number> =>
  Object.fromEntries(ACTORS.map((actor, index) => [actor, codes[index]])) as Record<Actor, number>;

const now = Date.now();
const rows: { call: string; expected: Record<Actor, number>; run: (by: BuiltUser) => Promise<ApiResponse<unknown>> }[] =
  [
    {
      call: "GET work log (own)",
      // Staff read their own (empty) log; customers have none.
      expected: statuses(200, 200, 200, 403, 403, 403, 403),
      run: (by) => t.api(contract.hours.workLogMonthly, { query: {}, token: by.token }),
    },
    {
      call: "GET work log of the designer",
      expected: statuses(200, 200, 200, 403, 403, 403, 403),
      run: (by) =>
        t.api(contract.hours.workLogMonthly, { query: { designerId: cast.designerOnTeam.user.id }, token: by.token }),
    },
    {
      call: "GET designer overview",
      expected: statuses(200, 200, 403, 403, 403, 403, 403),
      run: (by) => t.api(contract.hours.designerOverview, { query: {}, token: by.token }),
    },
    {
      call: "POST /user/payment",
      expected: statuses(200, 403, 403, 403, 403, 403, 403),
      run: (by) =>
        t.api(contract.hours.recordPayment, {
          body: { userId: cast.designerOnTeam.user.id, amount: 1, date: now },
          token: by.token,
        }),
    },
    {
      call: "GET payments of the designer",
      expected: statuses(200, 200, 200, 403, 403, 403, 403),
      run: (by) =>
        t.api(contract.hours.listPayments, { params: { id: cast.designerOnTeam.user.id }, query: {}, token: by.token }),
    },
    {
      call: "GET schedule",
      expected: statuses(200, 200, 200, 403, 403, 403, 403),
      run: (by) => t.api(contract.hours.schedule, { query: { from: now, to: now + 7 * 86_400_000 }, token: by.token }),
    },
    {
      call: "GET project ledger",
      expected: statuses(200, 200, 403, 200, 200, 403, 404),
      run: (by) => t.api(contract.hours.ledger, { params: { id: project.id }, token: by.token }),
    },
  ];

describe.each(rows)("$call", ({ expected, run }) => {
  it.each(ACTORS)("%s", async (actor) => {
    const response = await run(cast[actor]);
    expect(response.status, JSON.stringify(response.received)).toBe(expected[actor]);
  });
  it("needs a token", async () => {
    const response = await run({ ...cast.admin, token: "" });
    expect(response.status).toBe(401);
  });
});

describe("what a viewer's answers leave out", () => {
  it("a viewer's task carries no cost; the owner's does", async () => {
    const params = { id: project.id, taskId: task.id };
    const asViewer = await t.api(contract.tasks.get, { params, token: cast.viewer.token });
    const asOwner = await t.api(contract.tasks.get, { params, token: cast.owner.token });
    expect(asViewer.body.estimatedWork).toBeNull();
    expect(asOwner.body.estimatedWork).toBe(3);
  });

  it("a viewer's billing summary carries no costs or balance", async () => {
    const summary = await t.api(contract.billing.summary, { params: { id: project.id }, token: cast.viewer.token });
    expect(summary.body.costs).toBeNull();
  });

  it("a designer may not ask for another designer's schedule or log", async () => {
    const other = cast.designerOffTeam.user.id;
    const log = await t.api(contract.hours.workLogMonthly, {
      query: { designerId: other },
      token: cast.designerOnTeam.token,
    });
    const schedule = await t.api(contract.hours.schedule, {
      query: { from: now, to: now + 86_400_000, designerId: other },
      token: cast.designerOnTeam.token,
    });
    expect([log.status, schedule.status]).toEqual([403, 403]);
  });
});
