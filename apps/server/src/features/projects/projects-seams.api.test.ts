import { contract, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildCast, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import type { Actor } from "../../core/context.ts";
import { AppError } from "../../core/errors.ts";
import { addProjectMember, adjustTaskCounts, loadVisibleProject } from "./index.ts";

/**
 * What the projects feature offers other features (tasks first): loading a project with the shared
 * visibility rule, adding a member inside the caller's transaction, and moving the task counters.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast, { name: "Seams" });
});
afterAll(async () => {
  await t.close();
});

const actorOf = (person: BuiltUser): Actor => ({
  id: person.user.id,
  role: person.user.role,
  email: person.user.email,
  name: person.user.name,
  surname: person.user.surname,
  sessionId: "",
});

async function get(person: BuiltUser, projectId = project.id) {
  return t.api(contract.projects.get, { params: { id: projectId }, token: person.token });
}

async function caught(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
}

describe("loadVisibleProject", () => {
  it("gives a member the project and their own membership", async () => {
    const access = await loadVisibleProject(t.ctx, actorOf(cast.editor), project.id);
    expect(access.project.name).toBe("Seams");
    expect(access.membership?.projectRole).toBe("editor");
  });

  it("gives staff the project without a membership", async () => {
    const access = await loadVisibleProject(t.ctx, actorOf(cast.projectManager), project.id);
    expect(access.project.id).toBe(project.id);
    expect(access.membership).toBeNull();
  });

  it.each(["designerOffTeam", "otherCustomer"] as const)("answers 404 to %s, as for an unknown id", async (who) => {
    for (const id of [project.id, "00000000-0000-4000-8000-000000000000"]) {
      const error = await caught(loadVisibleProject(t.ctx, actorOf(cast[who]), id));
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(404);
    }
  });
});

describe("addProjectMember", () => {
  it("puts a user on the team in the caller's transaction without sending mail", async () => {
    const mailsBefore = (await t.readOutbox()).length;
    expect((await get(cast.designerOffTeam)).status).toBe(404);

    await t.ctx.db.transaction((tx) =>
      addProjectMember(tx, {
        projectId: project.id,
        userId: cast.designerOffTeam.user.id,
        projectRole: "designer",
        invitedById: cast.admin.user.id,
      }),
    );

    const seen = await get(cast.designerOffTeam);
    expect(seen.status).toBe(200);
    const member = seen.body.projectUsersFeData.find((user) => user.id === cast.designerOffTeam.user.id);
    expect(member).toMatchObject({ userProjectRole: "designer", userActiveOnProject: true });
    expect((await t.readOutbox()).length).toBe(mailsBefore);
  });

  it("adds nobody when the caller's transaction rolls back", async () => {
    const failure = new Error("the caller's later step failed");
    const error = await caught(
      t.ctx.db.transaction(async (tx) => {
        await addProjectMember(tx, {
          projectId: project.id,
          userId: cast.otherCustomer.user.id,
          projectRole: "viewer",
          invitedById: null,
        });
        throw failure;
      }),
    );
    expect(error).toBe(failure);
    expect((await get(cast.otherCustomer)).status).toBe(404);
  });

  it("leaves an active member's role as it is", async () => {
    await t.ctx.db.transaction((tx) =>
      addProjectMember(tx, {
        projectId: project.id,
        userId: cast.owner.user.id,
        projectRole: "viewer",
        invitedById: null,
      }),
    );
    const access = await loadVisibleProject(t.ctx, actorOf(cast.owner), project.id);
    expect(access.membership?.projectRole).toBe("owner");
  });
});

describe("adjustTaskCounts", () => {
  it("moves the counters a project and the project list show, and only in a committed transaction", async () => {
    const before = (await get(cast.owner)).body as Project;
    expect([before.taskCount, before.countArchivedTasks]).toEqual([0, 0]);

    // Three tasks made, then one archived.
    await t.ctx.db.transaction((tx) => adjustTaskCounts(tx, project.id, { taskCount: 3 }));
    await t.ctx.db.transaction((tx) => adjustTaskCounts(tx, project.id, { taskCount: -1, countArchivedTasks: 1 }));
    await caught(
      t.ctx.db.transaction(async (tx) => {
        await adjustTaskCounts(tx, project.id, { taskCount: 10 });
        throw new Error("rolled back");
      }),
    );

    const after = (await get(cast.owner)).body;
    expect([after.taskCount, after.countArchivedTasks]).toEqual([2, 1]);
    const list = await t.api(contract.projects.list, { token: cast.owner.token });
    const row = list.body.items.find((item) => item.id === project.id);
    expect([row?.taskCount, row?.countArchivedTasks]).toEqual([2, 1]);
  });
});
