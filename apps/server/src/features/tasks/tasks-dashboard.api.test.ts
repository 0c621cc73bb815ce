import {
  contract,
  type DashboardTask,
  deadlineForDay,
  type EndpointInput,
  type Project,
  type Task,
} from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  type BuiltUser,
  buildCast,
  buildTask,
  buildTeamProject,
  type Cast,
  setStatusAs,
  startTaskAs,
} from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/** The staff task dashboard (/tasks): scope, order, filters, search, counts, keyset pages. */

let t: TestApp;
let cast: Cast;
let alpha: Project;
let beta: Project;
let tasks: Record<string, Task>;

const day = (d: number) => deadlineForDay(2030, 2, d);

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  alpha = await buildTeamProject(t, cast, { name: "Alpha" });
  beta = await buildTeamProject(t, cast, { name: "Beta" });
  const make = (project: Project, title: string, deadline?: number) =>
    buildTask(t, cast.owner, { projectId: project.id, title, ...(deadline ? { deadline } : {}) });
  tasks = {
    logo: await make(alpha, "Blue logo for the shop", day(20)),
    banner: await make(alpha, "Summer banner", day(5)),
    flyer: await make(beta, "Flyer with the blue logo", day(12)),
    icons: await make(beta, "App icons"),
    poster: await make(alpha, "Poster"),
    archived: await make(beta, "Old blue sketch", day(1)),
  };
  // Otto works on beta's flyer (assigning puts him on beta's team); Dana on alpha's logo and banner.
  tasks.flyer = await assignTask(t, cast.admin, tasks.flyer as Task, cast.designerOffTeam);
  tasks.logo = await assignTask(t, cast.admin, tasks.logo as Task, cast.designerOnTeam);
  tasks.banner = await assignTask(t, cast.admin, tasks.banner as Task, cast.designerOnTeam);
  tasks.banner = await startTaskAs(t, cast.designerOnTeam, tasks.banner as Task);
  tasks.banner = await setStatusAs(t, cast.designerOnTeam, tasks.banner as Task, "review");
  const archived = await t.api(contract.tasks.archive, {
    token: cast.owner.token,
    body: { projectId: beta.id, taskId: tasks.archived?.id ?? "" },
  });
  expect(archived.status).toBe(200);
});
afterAll(async () => {
  await t.close();
});

type DashboardQuery = EndpointInput<typeof contract.tasks.dashboard>["query"];

async function dashboard(
  who: BuiltUser,
  query: DashboardQuery = {},
): Promise<{ items: DashboardTask[]; nextCursor: string | null }> {
  const res = await t.api(contract.tasks.dashboard, { query, token: who.token });
  expect(res.status).toBe(200);
  return res.body;
}
const titles = (page: { items: DashboardTask[] }) => page.items.map((task) => task.title);

describe("the dashboard", () => {
  it("shows staff every active task: deadlines soonest first, then the rest newest first", async () => {
    const page = await dashboard(cast.projectManager);
    expect(titles(page)).toEqual([
      "Summer banner",
      "Flyer with the blue logo",
      "Blue logo for the shop",
      "Poster",
      "App icons",
    ]);
    expect(page.items[0]).toMatchObject({ projectName: "Alpha", status: "review", deadline: day(5) });
    expect(page.nextCursor).toBeNull();
  });

  it("pages with a cursor across the two walks without a repeat or a gap", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await dashboard(cast.admin, { limit: 2, ...(cursor ? { cursor } : {}) });
      sizes.push(page.items.length);
      seen.push(...titles(page));
      cursor = page.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(titles(await dashboard(cast.admin)));
  });

  it("shows a designer only the tasks assigned to them", async () => {
    expect(titles(await dashboard(cast.designerOnTeam))).toEqual(["Summer banner", "Blue logo for the shop"]);
    const otto = await dashboard(cast.designerOffTeam);
    expect(titles(otto)).toEqual(["Flyer with the blue logo"]);
    // Otto's abilities come from his place on beta's team: he may start his own task.
    expect(otto.items[0]?.abilities.canStart).toBe(true);
    expect(otto.items[0]?.abilities.canDelete).toBe(false);
    // Filtering by someone else does not widen a designer's view.
    expect(titles(await dashboard(cast.designerOffTeam, { designerId: cast.designerOnTeam.user.id }))).toEqual([]);
  });

  it("filters by status, designer, project, deadline and archived", async () => {
    expect(titles(await dashboard(cast.admin, { status: "review" }))).toEqual(["Summer banner"]);
    expect(titles(await dashboard(cast.admin, { designerId: cast.designerOnTeam.user.id }))).toEqual([
      "Summer banner",
      "Blue logo for the shop",
    ]);
    expect(titles(await dashboard(cast.admin, { projectId: beta.id }))).toEqual([
      "Flyer with the blue logo",
      "App icons",
    ]);
    expect(titles(await dashboard(cast.admin, { deadlineBefore: day(12) }))).toEqual([
      "Summer banner",
      "Flyer with the blue logo",
    ]);
    expect(titles(await dashboard(cast.admin, { archived: "true" }))).toEqual(["Old blue sketch"]);
  });

  it("searches titles for all the words, in any case and order", async () => {
    expect(titles(await dashboard(cast.admin, { q: "BLUE logo" }))).toEqual([
      "Flyer with the blue logo",
      "Blue logo for the shop",
    ]);
    expect(titles(await dashboard(cast.admin, { q: "logo shop" }))).toEqual(["Blue logo for the shop"]);
    expect(titles(await dashboard(cast.admin, { q: "blue", archived: "true" }))).toEqual(["Old blue sketch"]);
    expect(titles(await dashboard(cast.admin, { q: "100%" }))).toEqual([]);
  });

  it("counts tasks per status under the same filters", async () => {
    const counts = async (who: BuiltUser, query: EndpointInput<typeof contract.tasks.dashboardCounts>["query"] = {}) =>
      (await t.api(contract.tasks.dashboardCounts, { query, token: who.token })).body;
    expect(await counts(cast.admin)).toEqual({ todo: 4, inProgress: 0, review: 1, approved: 0 });
    expect(await counts(cast.admin, { q: "blue" })).toEqual({ todo: 2, inProgress: 0, review: 0, approved: 0 });
    expect(await counts(cast.designerOnTeam)).toEqual({ todo: 1, inProgress: 0, review: 1, approved: 0 });
    expect(await counts(cast.admin, { archived: "true" })).toEqual({ todo: 1, inProgress: 0, review: 0, approved: 0 });
  });

  it("leaves out the tasks of a deleted project and of a project a designer has left", async () => {
    const gamma = await buildTeamProject(t, cast, { name: "Gamma" });
    const gone = await buildTask(t, cast.owner, { projectId: gamma.id, title: "Gone with gamma" });
    await assignTask(t, cast.admin, gone, cast.designerOffTeam);
    expect(titles(await dashboard(cast.designerOffTeam))).toContain("Gone with gamma");
    expect((await t.api(contract.projects.remove, { params: { id: gamma.id }, token: cast.owner.token })).status).toBe(
      200,
    );
    expect(titles(await dashboard(cast.admin))).not.toContain("Gone with gamma");
    expect(titles(await dashboard(cast.designerOffTeam))).not.toContain("Gone with gamma");

    const removed = await t.api(contract.projects.removeMember, {
      params: { id: beta.id, userId: cast.designerOffTeam.user.id },
      token: cast.admin.token,
    });
    expect(removed.status).toBe(200);
    expect(titles(await dashboard(cast.designerOffTeam))).toEqual([]);
  });

  it("pages at the default size across the two walks as small pages do, archived too", async () => {
    const delta = await buildTeamProject(t, cast, { name: "Delta" });
    for (let d = 1; d <= 18; d++)
      await buildTask(t, cast.owner, { projectId: delta.id, title: `Dated ${d}`, deadline: day(d) });
    for (let n = 1; n <= 6; n++) await buildTask(t, cast.owner, { projectId: delta.id, title: `Undated ${n}` });
    const walk = async (query: DashboardQuery) => {
      const seen: string[] = [];
      const sizes: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await dashboard(cast.admin, { ...query, ...(cursor ? { cursor } : {}) });
        sizes.push(page.items.length);
        seen.push(...titles(page));
        cursor = page.nextCursor;
      } while (cursor);
      return { seen, sizes };
    };
    // 3 dated and 2 undated tasks of alpha and beta are still live; the default page is 20.
    const byDefault = await walk({});
    expect(byDefault.sizes).toEqual([20, 9]);
    expect(new Set(byDefault.seen).size).toBe(29);
    expect(byDefault.seen).toEqual((await walk({ limit: 3 })).seen);
    expect(byDefault.seen.slice(0, 3)).toEqual(["Dated 1", "Dated 2", "Dated 3"]);
    expect(byDefault.seen.slice(-8)).toEqual([
      "Undated 6",
      "Undated 5",
      "Undated 4",
      "Undated 3",
      "Undated 2",
      "Undated 1",
      "Poster",
      "App icons",
    ]);
    expect((await walk({ archived: "true" })).seen).toEqual((await walk({ archived: "true", limit: 1 })).seen);
  });
});
