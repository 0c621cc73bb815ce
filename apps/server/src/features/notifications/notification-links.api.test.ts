import { contract, type FeedMessage, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, buildTask, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, getDesigns, ok, uploadImage } from "../../../test/design-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * Issue 29, point 4 and 16: a message leads to the thing it is about (the design, its version,
 * the comment), a deleted task takes its messages along, and dates read as the app writes them.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast, {
    name: "Links project",
    extra: [{ person: cast.projectManager, role: "projectManager" }],
  });
});
afterAll(() => t.close());

async function feedOf(token: string): Promise<FeedMessage[]> {
  return ok("feed", await t.api(contract.messages.feed, { token, query: { limit: 50 } })).items;
}

const unread = async (token: string) => (await t.api(contract.messages.unreadCount, { token })).body.count;

describe("message links", () => {
  it("lead to the design, the version and the comment, in the feed and in the digest's one link function", async () => {
    const task = await buildWorkTask(t, cast, project);
    const taskPath = `/project/${project.id}/task/${task.id}`;
    const designer = cast.designerOnTeam;
    const added = await addDesigns(t, designer, task, [await uploadImage(t, designer, "home.png", 7)]);
    const file = added.designerFileList[0];
    if (!file) throw new Error("no file");

    let pmFeed = await feedOf(cast.projectManager.token);
    const upload = pmFeed.find((message) => message.taskId === task.id && message.type === "addFile");
    expect(upload?.link).toBe(`${taskPath}?design=${file.uuid}`);

    const ref = { projectId: project.id, taskId: task.id };
    const thread = ok(
      "comment",
      await t.api(contract.designs.addComment, {
        token: cast.owner.token,
        body: { ...ref, designerFileUuid: file.uuid, comment: "Bigger logo" },
      }),
    );
    const designerFeed = await feedOf(designer.token);
    const comment = designerFeed.find((message) => message.text.startsWith("commented on"));
    expect(comment?.link).toBe(`${taskPath}?design=${file.uuid}&comment=${thread.id}`);

    const versioned = ok(
      "version",
      await t.api(contract.designs.addDesignVersion, {
        token: designer.token,
        body: { ...ref, designerFileUuid: file.uuid, designerFileKey: await uploadImage(t, designer, "home.png", 8) },
      }),
    );
    const v2 = versioned.designerFileList[0];
    if (!v2) throw new Error("no version 2");
    pmFeed = await feedOf(cast.projectManager.token);
    const version = pmFeed.find((message) => message.text.startsWith("uploaded version 2"));
    expect(version?.link).toBe(`${taskPath}?design=${v2.uuid}&version=${v2.uuid}`);
    // The comment's link still finds it: on the older version, which the viewer opens for it.
    expect((await getDesigns(t, designer, task)).designerFileList[0]?.previousVersions[0]?.uuid).toBe(file.uuid);
  });

  it("keep the task's own link for task changes", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Plain" });
    const message = (await feedOf(cast.projectManager.token)).find((item) => item.taskId === task.id);
    expect(message?.link).toBe(`/project/${project.id}/task/${task.id}`);
  });
});

describe("a deleted task's messages", () => {
  it("leave the feed and the unread count", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Short-lived" });
    const before = await unread(cast.projectManager.token);
    expect((await feedOf(cast.projectManager.token)).some((message) => message.taskId === task.id)).toBe(true);

    const removed = await t.api(contract.tasks.remove, {
      token: cast.owner.token,
      params: { id: project.id, taskId: task.id },
    });
    expect(removed.status).toBe(200);
    expect((await feedOf(cast.projectManager.token)).some((message) => message.taskId === task.id)).toBe(false);
    expect(await unread(cast.projectManager.token)).toBe(before - 1);
  });
});

describe("dates in messages", () => {
  it("read as the app writes a deadline, not as ISO", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Dated" });
    await t.api(contract.tasks.setDeadline, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: task.id, deadline: Date.UTC(2026, 10, 30, 23, 59, 59) },
    });
    const message = (await feedOf(cast.projectManager.token)).find(
      (item) => item.taskId === task.id && item.type === "deadlineChanged",
    );
    expect(message?.text).toBe("set the deadline to Nov 30, 2026");
  });
});
