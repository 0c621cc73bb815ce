import { TASK_PRIORITIES, TASK_SORT_TYPES, type Task, type TaskSortType } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  buildCast,
  buildTask,
  buildTeamProject,
  type Cast,
  setStatusAs,
  startTaskAs,
} from "../../../test/task-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * Keyset paging of a project's tasks in every sort: 25 tasks page as 10 + 10 + 5 with no repeat or
 * gap, and tasks created, moved or archived between two page requests do not shift the others.
 * The project's counts stay right through create, archive, unarchive and delete.
 */

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
});
afterAll(async () => {
  await t.close();
});

const PRIORITY_RANK = { urgent: 3, high: 2, medium: 1, low: 0 } as const;
const STATUS_RANK = { review: 3, inProgress: 2, todo: 1, approved: 0 } as const;

/** The order each sort promises, written out independently of the server's SQL. */
function compare(sort: TaskSortType) {
  const newest = (a: Task, b: Task) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1);
  return (a: Task, b: Task): number => {
    switch (sort) {
      case "created":
        return newest(a, b);
      case "priority":
        return PRIORITY_RANK[b.priority.value] - PRIORITY_RANK[a.priority.value] || newest(a, b);
      case "status":
        return STATUS_RANK[b.status] - STATUS_RANK[a.status] || newest(a, b);
      case "custom":
        return a.customSortIndex < b.customSortIndex ? -1 : 1;
    }
  };
}

/** A project with 25 tasks of mixed priorities and statuses. */
async function buildBoard(): Promise<{ projectId: string; tasks: Task[] }> {
  const project = await buildTeamProject(t, cast);
  const tasks: Task[] = [];
  for (let index = 0; index < 25; index += 1) {
    let task = await buildTask(t, cast.owner, {
      projectId: project.id,
      title: `Board task ${index}`,
      priority: TASK_PRIORITIES[index % 4],
    });
    if (index % 3 !== 0) {
      task = await assignTask(t, cast.admin, task, cast.designerOnTeam);
      task = await startTaskAs(t, cast.designerOnTeam, task);
      if (index % 3 === 2) task = await setStatusAs(t, cast.designerOnTeam, task, "review");
      if (index % 6 === 2) task = await setStatusAs(t, cast.owner, task, "approved");
    }
    tasks.push(task);
  }
  return { projectId: project.id, tasks };
}

async function page(projectId: string, sort: TaskSortType | "archived", cursor: string | null, limit = 10) {
  const base =
    sort === "archived"
      ? `/v3/project/get/${projectId}/archived-tasks?`
      : `/v3/project/get/${projectId}/tasks?sort=${sort}&`;
  const res = await t.call({
    method: "GET",
    url: `${base}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
    token: cast.viewer.token,
  });
  expect(res.status).toBe(200);
  return res.body as { items: Task[]; nextCursor: string | null };
}

async function allPages(projectId: string, sort: TaskSortType | "archived") {
  const sizes: number[] = [];
  const items: Task[] = [];
  let cursor: string | null = null;
  do {
    const next = await page(projectId, sort, cursor);
    sizes.push(next.items.length);
    items.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return { sizes, ids: items.map((task) => task.id) };
}

const call = (url: string, payload: object, token = cast.owner.token) =>
  t.call({ method: "POST", url, token, payload });

describe.each(TASK_SORT_TYPES)("the %s sort", (sort) => {
  let board: { projectId: string; tasks: Task[] };
  beforeAll(async () => {
    board = await buildBoard();
  });

  it("pages 25 tasks as 10 + 10 + 5 in the promised order, each once", async () => {
    const expected = [...board.tasks].sort(compare(sort)).map((task) => task.id);
    const { sizes, ids } = await allPages(board.projectId, sort);
    expect(sizes).toEqual([10, 10, 5]);
    expect(ids).toEqual(expected);
  });

  it("keeps the pages whole while tasks are created, moved and archived between requests", async () => {
    const { projectId } = board;
    const before = [...board.tasks].sort(compare(sort));
    const first = await page(projectId, sort, null);
    expect(first.items.map((task) => task.id)).toEqual(before.slice(0, 10).map((task) => task.id));

    // Between page requests: a new task, one of the unseen tasks archived, another moved to the top.
    await buildTask(t, cast.editor, { projectId, title: "Arrived meanwhile", priority: "low" });
    const archived = before[20] as Task;
    const moved = before[15] as Task;
    expect((await call("/v3/project/task/archive", { projectId, taskId: archived.id })).status).toBe(200);
    const reorder = await call(`/v3/project/${projectId}/tasks/reorder`, {
      tasks: [{ taskId: moved.id, afterTaskId: null }],
    });
    expect(reorder.status).toBe(200);

    const rest: string[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await page(projectId, sort, cursor);
      rest.push(...next.items.map((task) => task.id));
      cursor = next.nextCursor;
    }
    // Keyset paging continues after the last row seen: the rest is exactly what a fresh read has
    // after that row. Untouched tasks keep their places; the new task shows only if it sorts
    // after the boundary; the archived one and (in the custom order) the moved one are not repeated.
    const fresh = await allPages(projectId, sort);
    const boundary = fresh.ids.indexOf(first.items.at(-1)?.id ?? "");
    expect(boundary).toBeGreaterThanOrEqual(9);
    expect(rest).toEqual(fresh.ids.slice(boundary + 1));
    expect(rest).not.toContain(archived.id);
    for (const seen of first.items) expect(rest).not.toContain(seen.id);
    const untouched = before.slice(10).filter((task) => task.id !== archived.id && task.id !== moved.id);
    for (const task of untouched) expect(rest).toContain(task.id);
    if (sort === "custom") expect(rest).not.toContain(moved.id);
    else expect(rest).toContain(moved.id);
    // Restore the board for the other tests of this sort.
    await call("/v3/project/task/unarchive", { projectId, taskId: archived.id });
  });

  it("refuses a cursor that was tampered with (400 on cursor)", async () => {
    const res = await t.call({
      method: "GET",
      url: `/v3/project/get/${board.projectId}/tasks?sort=${sort}&cursor=${Buffer.from('["x",1]').toString("base64url")}`,
      token: cast.owner.token,
    });
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ cursor: "Invalid cursor" });
  });
});

describe("the archived list and the counts", () => {
  it("pages archived tasks most recently archived first, and keeps taskCount and countArchivedTasks right", async () => {
    const project = await buildTeamProject(t, cast);
    const projectId = project.id;
    const counts = async () => {
      const res = await t.call({ method: "GET", url: `/v3/project/get/${projectId}`, token: cast.owner.token });
      return { active: res.body.taskCount, archived: res.body.countArchivedTasks };
    };
    const tasks: Task[] = [];
    for (let index = 0; index < 27; index += 1) tasks.push(await buildTask(t, cast.owner, { projectId }));
    expect(await counts()).toEqual({ active: 27, archived: 0 });

    const archivedOrder: string[] = [];
    for (const task of tasks.slice(0, 25)) {
      expect((await call("/v3/project/task/archive", { projectId, taskId: task.id })).status).toBe(200);
      archivedOrder.unshift(task.id);
    }
    expect(await counts()).toEqual({ active: 2, archived: 25 });
    // Archiving again changes nothing and counts nothing.
    await call("/v3/project/task/archive", { projectId, taskId: tasks[0]?.id ?? "" });
    expect(await counts()).toEqual({ active: 2, archived: 25 });

    const archived = await allPages(projectId, "archived");
    expect(archived.sizes).toEqual([10, 10, 5]);
    expect(archived.ids).toEqual(archivedOrder);
    expect((await allPages(projectId, "created")).ids).toEqual([tasks[26]?.id, tasks[25]?.id]);

    await call("/v3/project/task/unarchive", { projectId, taskId: tasks[3]?.id ?? "" });
    await call("/v3/project/task/unarchive", { projectId, taskId: tasks[3]?.id ?? "" });
    expect(await counts()).toEqual({ active: 3, archived: 24 });

    const remove = (taskId: string) =>
      t.call({ method: "DELETE", url: `/v3/project/${projectId}/task/${taskId}`, token: cast.editor.token });
    expect((await remove(tasks[3]?.id ?? "")).body).toEqual({ success: true });
    expect(await counts()).toEqual({ active: 2, archived: 24 });
    expect((await remove(tasks[0]?.id ?? "")).status).toBe(200);
    expect(await counts()).toEqual({ active: 2, archived: 23 });
    expect((await remove(tasks[0]?.id ?? "")).status).toBe(404);
    expect(await counts()).toEqual({ active: 2, archived: 23 });
  });
});

describe("custom order", () => {
  it("moves a task among many by writing one row, and the order survives a new read", async () => {
    const project = await buildTeamProject(t, cast);
    const projectId = project.id;
    const tasks: Task[] = [];
    for (let index = 0; index < 12; index += 1) tasks.push(await buildTask(t, cast.owner, { projectId }));
    const [a, b, c] = tasks as [Task, Task, Task];
    const keysBefore = new Map(
      (await page(projectId, "custom", null, 100)).items.map((task) => [task.id, task.customSortIndex]),
    );
    const res = await call(`/v3/project/${projectId}/tasks/reorder`, {
      tasks: [
        { taskId: a.id, afterTaskId: c.id },
        { taskId: c.id, afterTaskId: null },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { id: string }) => item.id)).toEqual([a.id, c.id]);
    const after = await page(projectId, "custom", null, 100);
    const changed = after.items.filter((task) => keysBefore.get(task.id) !== task.customSortIndex);
    expect(changed.map((task) => task.id).sort()).toEqual([a.id, c.id].sort());
    const ids = after.items.map((task) => task.id);
    // New tasks enter at the top, so the list was t11 … t3, c, b, a.
    const middle = tasks
      .slice(3)
      .reverse()
      .map((task) => task.id);
    expect(ids).toEqual([c.id, ...middle, a.id, b.id]);

    const bad = await call(`/v3/project/${projectId}/tasks/reorder`, { tasks: [{ taskId: a.id, afterTaskId: a.id }] });
    expect(bad.status).toBe(412);
    const elsewhere = await buildTeamProject(t, cast);
    const foreign = await buildTask(t, cast.owner, { projectId: elsewhere.id });
    const foreignMove = await call(`/v3/project/${projectId}/tasks/reorder`, {
      tasks: [{ taskId: a.id, afterTaskId: foreign.id }],
    });
    expect(foreignMove.status).toBe(412);
    expect((await page(projectId, "custom", null, 100)).items.map((task) => task.id)).toEqual(ids);
  });

  it("gives tasks created at the same moment distinct places at the top", async () => {
    const project = await buildTeamProject(t, cast);
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        buildTask(t, cast.owner, { projectId: project.id, title: `Rush ${index}` }),
      ),
    );
    const keys = new Set(created.map((task) => task.customSortIndex));
    expect(keys.size).toBe(8);
    const listed = await page(project.id, "custom", null, 100);
    expect(listed.items).toHaveLength(8);
  });

  it("stores the caller's sort choice", async () => {
    const res = await t.call({
      method: "POST",
      url: "/v3/project/updateUserTaskOrder?sortType=status",
      token: cast.viewer.token,
    });
    expect(res.body).toEqual({ success: true });
    const info = await t.call({ method: "GET", url: "/auth/info", token: cast.viewer.token });
    expect(info.body.taskSortType).toBe("status");
    const bad = await t.call({
      method: "POST",
      url: "/v3/project/updateUserTaskOrder?sortType=random",
      token: cast.viewer.token,
    });
    expect(bad.status).toBe(400);
  });
});
