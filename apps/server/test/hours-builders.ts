import { contract, type Project, type Task } from "@atelier/shared";
import { expect } from "vitest";
import {
  assignTask,
  type BuiltUser,
  buildMember,
  buildTask,
  buildUser,
  type Cast,
  setStatusAs,
  startTaskAs,
} from "./builders.ts";
import type { TestApp } from "./test-app.ts";

/** Builders for the hours tests: designers with a rate, and tasks walked to approval through the API. */

export async function designerOn(t: TestApp, cast: Cast, project: Project, hourRateCents: number): Promise<BuiltUser> {
  const designer = await buildUser(t, { role: "designer", hourRateCents });
  await buildMember(t, { project, by: cast.admin, person: designer, role: "designer" });
  return designer;
}

/** A task of `project` assigned to `designer`, started with `hours` and sent to review. */
export async function taskInReview(
  t: TestApp,
  cast: Cast,
  project: Project,
  designer: BuiltUser,
  hours: number,
): Promise<Task> {
  const task = await buildTask(t, cast.owner, { projectId: project.id });
  await assignTask(t, cast.admin, task, designer);
  await startTaskAs(t, designer, task, { estimatedTimeOfCompletion: 24, estimatedWork: hours });
  return setStatusAs(t, designer, task, "review");
}

/** A task approved by the owner with `hours` of estimated work. */
export async function approvedTask(
  t: TestApp,
  cast: Cast,
  project: Project,
  designer: BuiltUser,
  hours: number,
): Promise<Task> {
  const task = await taskInReview(t, cast, project, designer, hours);
  return setStatusAs(t, cast.owner, task, "approved");
}

export async function workLogOf(t: TestApp, designer: BuiltUser) {
  const response = await t.api(contract.hours.workLogMonthly, { query: {}, token: designer.token });
  expect(response.status).toBe(200);
  return response.body.items;
}

/** The designer's line of the overview, as an admin reads it (walks the pages). */
export async function overviewOf(t: TestApp, cast: Cast, designer: BuiltUser) {
  let cursor: string | undefined;
  for (;;) {
    const page = (
      await t.api(contract.hours.designerOverview, {
        query: { limit: 100, ...(cursor ? { cursor } : {}) },
        token: cast.admin.token,
      })
    ).body;
    const found = page.items.find((item) => item.id === designer.user.id);
    if (found) return found;
    if (!page.nextCursor) throw new Error("designer not in the overview");
    cursor = page.nextCursor;
  }
}
