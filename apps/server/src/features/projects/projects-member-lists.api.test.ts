import type { ProjectListItem } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildCast, buildProject, buildTeamProject, type Cast } from "./test-builders.ts";

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

async function call(method: "GET" | "POST" | "DELETE", url: string, token: string, payload?: object) {
  const res = await t.call({ method, url, token, ...(payload ? { payload } : {}) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Names on the first page of a list (every test list here fits one page). */
async function namesIn(person: BuiltUser, query: string): Promise<string[]> {
  const body = await call("GET", `/v3/project/list?${query}`, person.token);
  expect(body.nextCursor).toBeNull();
  return body.items.map((item: ProjectListItem) => item.name);
}

async function pickerNames(person: BuiltUser): Promise<string[]> {
  const body = await call("GET", "/v3/project/list-names", person.token);
  return body.items.map((item: { name: string }) => item.name);
}

describe("a member's project lists follow the project", () => {
  it("lists a member's projects newest first and by name", async () => {
    expect(await namesIn(cast.designerOnTeam, "sort=created")).toEqual(["Charlie", "bravo", "Alpha"]);
    expect(await namesIn(cast.viewer, "sort=name")).toEqual(["Alpha", "bravo", "Charlie"]);
    expect(await namesIn(cast.designerOffTeam, "sort=name")).toEqual([]);
  });

  it("a renamed project moves in every member's name order and picker", async () => {
    await call("POST", "/v3/project/adminUpdate", cast.admin.token, { id: project.alpha, name: "Zulu" });
    for (const member of [cast.owner, cast.editor, cast.viewer, cast.designerOnTeam]) {
      expect(await namesIn(member, "sort=name")).toEqual(["bravo", "Charlie", "Zulu"]);
      expect(await pickerNames(member)).toEqual(["bravo", "Charlie", "Zulu"]);
    }
    // Renaming does not change when it was created.
    expect(await namesIn(cast.editor, "sort=created")).toEqual(["Charlie", "bravo", "Zulu"]);
  });

  it("an archived project moves to every member's archived list, and back when restored", async () => {
    await call("POST", "/v3/project/changeState", cast.owner.token, { id: project.bravo, state: "archived" });
    expect(await namesIn(cast.designerOnTeam, "projectState=archived")).toEqual(["bravo"]);
    expect(await namesIn(cast.viewer, "projectState=inProgress&sort=name")).toEqual(["Charlie", "Zulu"]);

    await call("POST", "/v3/project/changeState", cast.owner.token, { id: project.bravo, state: "inProgress" });
    expect(await namesIn(cast.designerOnTeam, "projectState=archived")).toEqual([]);
    expect(await namesIn(cast.viewer, "sort=name")).toEqual(["bravo", "Charlie", "Zulu"]);
  });

  it("a deleted project leaves every member's lists and picker", async () => {
    await call("DELETE", `/v3/project/${project.charlie}`, cast.admin.token);
    expect(await namesIn(cast.designerOnTeam, "sort=created")).toEqual(["bravo", "Zulu"]);
    expect(await namesIn(cast.editor, "sort=name")).toEqual(["bravo", "Zulu"]);
    expect(await pickerNames(cast.owner)).toEqual(["bravo", "Zulu"]);
  });

  it("a member who joins later finds the project in its place; a removed one loses it until re-invited", async () => {
    const newcomer = await t.buildUser({ role: "designer" });
    await buildProject(t, { admin: cast.admin, owner: cast.otherCustomer, name: "Mango" });
    await call("POST", "/v3/project/inviteUserToProject", cast.admin.token, {
      projectId: project.alpha,
      email: newcomer.user.email,
      role: "designer",
    });
    expect(await namesIn(newcomer, "sort=name")).toEqual(["Zulu"]);

    await call("DELETE", `/v3/project/${project.alpha}/user/${cast.viewer.user.id}`, cast.owner.token);
    expect(await namesIn(cast.viewer, "sort=name")).toEqual(["bravo"]);
    expect(await pickerNames(cast.viewer)).toEqual(["bravo"]);

    await call("POST", "/v3/project/adminUpdate", cast.admin.token, { id: project.alpha, name: "Apple" });
    await call("POST", "/v3/project/inviteUserToProject", cast.admin.token, {
      projectId: project.alpha,
      email: cast.viewer.user.email,
      role: "viewer",
    });
    // Back under the name it got while the viewer was away.
    expect(await namesIn(cast.viewer, "sort=name")).toEqual(["Apple", "bravo"]);
    expect(await namesIn(newcomer, "sort=created")).toEqual(["Apple"]);
  });
});
