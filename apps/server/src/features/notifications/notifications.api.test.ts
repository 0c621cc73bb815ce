import { contract } from "@atelier/shared";
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
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { notifications } from "../../db/schema/index.ts";

let t: TestApp;
let cast: Cast;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  projectId = (
    await buildTeamProject(t, cast, {
      name: "Feed project",
      extra: [{ person: cast.projectManager, role: "projectManager" }],
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

const count = async (token: string) => (await t.api(contract.messages.unreadCount, { token })).body.count;

describe("notification rows", () => {
  it("writes one per project member but the actor for each notifying task change", async () => {
    const task = await buildTask(t, cast.owner, { projectId, title: "Logo" });
    const rows = await t.ctx.db.select().from(notifications).where(eq(notifications.taskId, task.id));
    const recipients = rows.map((row) => row.userId).sort();
    expect(recipients).toEqual(
      [cast.editor, cast.viewer, cast.designerOnTeam, cast.projectManager].map((person) => person.user.id).sort(),
    );
    expect(rows.every((row) => row.kind === "taskCreated" && row.taskTitle === "Logo")).toBe(true);

    await assignTask(t, cast.admin, task, cast.designerOnTeam);
    await t.api(contract.tasks.setDeadline, {
      token: cast.owner.token,
      body: { projectId, taskId: task.id, deadline: Date.UTC(2030, 0, 15, 23, 59, 59) },
    });
    const started = await startTaskAs(t, cast.designerOnTeam, task);
    await setStatusAs(t, cast.designerOnTeam, started, "review");
    const pmRows = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, cast.projectManager.user.id));
    expect(
      pmRows
        .filter((row) => row.taskId === task.id)
        .map((row) => row.kind)
        .sort(),
    ).toEqual(["deadlineChanged", "designerAssigned", "statusChanged", "statusChanged", "taskCreated"].sort());
    // The designer made the last two changes: nothing about them for the designer.
    const designerRows = await t.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, cast.designerOnTeam.user.id));
    expect(designerRows.filter((row) => row.kind === "statusChanged")).toHaveLength(0);
  });
});

describe("the messages feed", () => {
  it("pages the caller's messages newest first, with a maintained unread count", async () => {
    const before = await count(cast.projectManager.token);
    for (const title of ["Feed 1", "Feed 2", "Feed 3"]) await buildTask(t, cast.owner, { projectId, title });
    expect(await count(cast.projectManager.token)).toBe(before + 3);

    const first = await t.api(contract.messages.feed, { token: cast.projectManager.token, query: { limit: 2 } });
    expect(first.body.items.map((item) => item.taskName)).toEqual(["Feed 3", "Feed 2"]);
    expect(first.body.items[0]).toMatchObject({
      projectId,
      projectName: "Feed project",
      senderName: "Olivia O.",
      text: "added the task",
      type: "taskCreated",
      seen: false,
    });
    expect(first.body.items[0]?.link).toBe(`/project/${projectId}/task/${first.body.items[0]?.taskId}`);
    const second = await t.api(contract.messages.feed, {
      token: cast.projectManager.token,
      query: { limit: 2, cursor: first.body.nextCursor ?? "" },
    });
    expect(second.body.items[0]?.taskName).toBe("Feed 1");
    const ids = new Set([...first.body.items, ...second.body.items].map((item) => item.id));
    expect(ids.size).toBe(4);
  });

  it("is for admin, projectManager and designer only", async () => {
    expect((await t.api(contract.messages.feed, { token: cast.owner.token })).status).toBe(403);
    expect((await t.api(contract.messages.feed, { token: cast.designerOnTeam.token })).status).toBe(200);
    expect(await count(cast.owner.token)).toBe(0);
  });

  it("marks a task's, then a project's notifications seen and lowers the count by as many", async () => {
    const task = await buildTask(t, cast.owner, { projectId, title: "Seen one" });
    const before = await count(cast.projectManager.token);
    const one = await t.api(contract.messages.seen, {
      token: cast.projectManager.token,
      query: { id: projectId, taskId: task.id },
    });
    expect(one.body.count).toBe(before - 1);
    const feed = await t.api(contract.messages.feed, { token: cast.projectManager.token });
    expect(feed.body.items.find((item) => item.taskId === task.id)?.seen).toBe(true);

    const all = await t.api(contract.messages.seen, { token: cast.projectManager.token, query: { id: projectId } });
    expect(all.body.count).toBe(0);
    expect(await count(cast.projectManager.token)).toBe(0);
    // Seen twice changes nothing.
    expect(
      (await t.api(contract.messages.seen, { token: cast.projectManager.token, query: { id: projectId } })).body.count,
    ).toBe(0);
  });

  it("refuses a project the caller cannot see with 404", async () => {
    const res = await t.api(contract.messages.seen, { token: cast.designerOffTeam.token, query: { id: projectId } });
    expect(res.status).toBe(404);
  });
});
