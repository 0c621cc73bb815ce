import { contract } from "@atelier/shared";
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
import { addDesigns, uploadImage } from "../../../test/design-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
});
afterAll(async () => {
  await t.close();
});

async function unseenProjectsOf(person: BuiltUser): Promise<string[]> {
  const res = await t.api(contract.tasks.unseenProjects, { token: person.token });
  expect(res.status).toBe(200);
  return res.body.projectIds;
}

async function markSeen(person: BuiltUser, task: { projectId: string; id: string }) {
  const res = await t.api(contract.tasks.seen, {
    token: person.token,
    body: { projectId: task.projectId, taskId: task.id },
  });
  expect(res.status).toBe(200);
}

describe("GET /v3/project/task/unseen-projects", () => {
  it("marks a project where someone else changed a task's status, for the others only, until they open it", async () => {
    const project = await buildTeamProject(t, cast, { name: "Status news" });
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Logo" });
    await assignTask(t, cast.admin, task, cast.designerOnTeam);
    expect(await unseenProjectsOf(cast.owner)).not.toContain(project.id);

    await startTaskAs(t, cast.designerOnTeam, task);
    expect(await unseenProjectsOf(cast.owner)).toContain(project.id);
    expect(await unseenProjectsOf(cast.editor)).toContain(project.id);
    expect(await unseenProjectsOf(cast.designerOnTeam)).not.toContain(project.id);
    // Someone outside the project hears nothing of it.
    expect(await unseenProjectsOf(cast.otherCustomer)).not.toContain(project.id);

    const reviewed = await setStatusAs(t, cast.designerOnTeam, task, "review");
    expect(reviewed.designsAndCommentsSeen).toBe(true);
    const ownerView = await t.api(contract.tasks.get, {
      token: cast.owner.token,
      params: { id: project.id, taskId: task.id },
    });
    expect(ownerView.body.designsAndCommentsSeen).toBe(false);
    await markSeen(cast.owner, task);
    expect(await unseenProjectsOf(cast.owner)).not.toContain(project.id);
    expect(await unseenProjectsOf(cast.editor)).toContain(project.id);
  });

  it("marks a project for a new design, and forgets archived tasks and members who left", async () => {
    const project = await buildTeamProject(t, cast, { name: "Design news" });
    const task = await buildTask(t, cast.admin, { projectId: project.id, title: "Poster" });
    await assignTask(t, cast.admin, task, cast.designerOnTeam);
    await startTaskAs(t, cast.admin, task);
    await markSeen(cast.owner, task);
    await markSeen(cast.viewer, task);
    expect(await unseenProjectsOf(cast.owner)).not.toContain(project.id);

    await addDesigns(t, cast.designerOnTeam, task, [await uploadImage(t, cast.designerOnTeam)]);
    expect(await unseenProjectsOf(cast.owner)).toContain(project.id);
    expect(await unseenProjectsOf(cast.viewer)).toContain(project.id);

    const removed = await t.api(contract.projects.removeMember, {
      token: cast.owner.token,
      params: { id: project.id, userId: cast.viewer.user.id },
    });
    expect(removed.status).toBe(200);
    expect(await unseenProjectsOf(cast.viewer)).not.toContain(project.id);

    const archived = await t.api(contract.tasks.archive, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: task.id },
    });
    expect(archived.status).toBe(200);
    expect(await unseenProjectsOf(cast.owner)).not.toContain(project.id);
  });

  it("needs a session", async () => {
    expect((await t.api(contract.tasks.unseenProjects)).status).toBe(401);
  });
});
