import { contract, type EndpointInput } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import {
  type BuiltUser,
  buildCast,
  buildMember,
  buildProject,
  buildTeamProject,
  buildUser,
  type Cast,
} from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * A member's project lists read the project's state, name and deletion from copies kept on the
 * membership: renaming, archiving, deleting and joining or leaving must move the project in
 * every member's lists at once.
 */

let t: TestApp;
let cast: Cast;
const project = { alpha: "", bravo: "", charlie: "" };

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project.alpha = (await buildTeamProject(t, cast, { name: "Alpha" })).id;
  project.bravo = (await buildTeamProject(t, cast, { name: "bravo" })).id;
  project.charlie = (await buildTeamProject(t, cast, { name: "Charlie" })).id;
});
afterAll(async () => {
  await t.close();
});

/** Names on the first page of a list (every test list here fits one page). */
async function namesIn(person: BuiltUser, query: ListQuery): Promise<string[]> {
  const { body } = await t.api(contract.projects.list, { token: person.token, query });
  expect(body.nextCursor).toBeNull();
  return body.items.map((item) => item.name);
}

async function pickerNames(person: BuiltUser): Promise<string[]> {
  const { body } = await t.api(contract.projects.listNames, { token: person.token });
  return body.items.map((item) => item.name);
}

type ListQuery = EndpointInput<typeof contract.projects.list>["query"];

async function succeeds(response: Promise<ApiResponse<unknown>>): Promise<void> {
  const res = await response;
  expect(res.status, res.status === 200 ? undefined : res.error.message).toBe(200);
}

describe("a member's project lists follow the project", () => {
  it("lists a member's projects newest first and by name", async () => {
    expect(await namesIn(cast.designerOnTeam, { sort: "created" })).toEqual(["Charlie", "bravo", "Alpha"]);
    expect(await namesIn(cast.viewer, { sort: "name" })).toEqual(["Alpha", "bravo", "Charlie"]);
    expect(await namesIn(cast.designerOffTeam, { sort: "name" })).toEqual([]);
  });

  it("a renamed project moves in every member's name order and picker", async () => {
    await succeeds(
      t.api(contract.projects.adminUpdate, { token: cast.admin.token, body: { id: project.alpha, name: "Zulu" } }),
    );
    for (const member of [cast.owner, cast.editor, cast.viewer, cast.designerOnTeam]) {
      expect(await namesIn(member, { sort: "name" })).toEqual(["bravo", "Charlie", "Zulu"]);
      expect(await pickerNames(member)).toEqual(["bravo", "Charlie", "Zulu"]);
    }
    // Renaming does not change when it was created.
    expect(await namesIn(cast.editor, { sort: "created" })).toEqual(["Charlie", "bravo", "Zulu"]);
  });

  it("an archived project moves to every member's archived list, and back when restored", async () => {
    await succeeds(
      t.api(contract.projects.changeState, { token: cast.owner.token, body: { id: project.bravo, state: "archived" } }),
    );
    expect(await namesIn(cast.designerOnTeam, { projectState: "archived" })).toEqual(["bravo"]);
    expect(await namesIn(cast.viewer, { projectState: "inProgress", sort: "name" })).toEqual(["Charlie", "Zulu"]);

    await succeeds(
      t.api(contract.projects.changeState, {
        token: cast.owner.token,
        body: { id: project.bravo, state: "inProgress" },
      }),
    );
    expect(await namesIn(cast.designerOnTeam, { projectState: "archived" })).toEqual([]);
    expect(await namesIn(cast.viewer, { sort: "name" })).toEqual(["bravo", "Charlie", "Zulu"]);
  });

  it("a deleted project leaves every member's lists and picker", async () => {
    await succeeds(t.api(contract.projects.remove, { token: cast.admin.token, params: { id: project.charlie } }));
    expect(await namesIn(cast.designerOnTeam, { sort: "created" })).toEqual(["bravo", "Zulu"]);
    expect(await namesIn(cast.editor, { sort: "name" })).toEqual(["bravo", "Zulu"]);
    expect(await pickerNames(cast.owner)).toEqual(["bravo", "Zulu"]);
  });

  it("a member who joins later finds the project in its place; a removed one loses it until re-invited", async () => {
    const newcomer = await buildUser(t, { role: "designer" });
    await buildProject(t, { admin: cast.admin, owner: cast.otherCustomer, name: "Mango" });
    await buildMember(t, { project: { id: project.alpha }, by: cast.admin, person: newcomer, role: "designer" });
    expect(await namesIn(newcomer, { sort: "name" })).toEqual(["Zulu"]);

    await succeeds(
      t.api(contract.projects.removeMember, {
        token: cast.owner.token,
        params: { id: project.alpha, userId: cast.viewer.user.id },
      }),
    );
    expect(await namesIn(cast.viewer, { sort: "name" })).toEqual(["bravo"]);
    expect(await pickerNames(cast.viewer)).toEqual(["bravo"]);

    await succeeds(
      t.api(contract.projects.adminUpdate, { token: cast.admin.token, body: { id: project.alpha, name: "Apple" } }),
    );
    await buildMember(t, { project: { id: project.alpha }, by: cast.admin, person: cast.viewer, role: "viewer" });
    // Back under the name it got while the viewer was away.
    expect(await namesIn(cast.viewer, { sort: "name" })).toEqual(["Apple", "bravo"]);
    expect(await namesIn(newcomer, { sort: "created" })).toEqual(["Apple"]);
  });
});
