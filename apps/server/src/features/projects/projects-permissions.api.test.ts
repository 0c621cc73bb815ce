import type { Project } from "@atelier/shared";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, createTestApp, type TestApp } from "../../../test/test-app.ts";
import { buildCast, buildTeamProject, type Cast, type CastMember } from "./test-builders.ts";

/**
 * DESIGN §5's permission table, driven from data: every project call × every kind of actor →
 * the status the API must answer. Invisible projects answer 404 (never 403); visible ones where
 * the action is not allowed answer 403.
 */

let t: TestApp;
let cast: Cast;
let spareViewer: BuiltUser;
let spareManager: BuiltUser;
let inviteCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  spareViewer = await t.buildUser({ role: "customer", name: "Sam", surname: "Spare" });
  spareManager = await t.buildUser({ role: "projectManager", name: "Max", surname: "Manager" });
});
afterAll(async () => {
  await t.close();
});

const ACTORS: CastMember[] = [
  "admin",
  "projectManager",
  "designerOnTeam",
  "designerOffTeam",
  "owner",
  "editor",
  "viewer",
  "otherCustomer",
];

type Scene = { project: Project; cast: Cast };
type Row = { call: string; request: (scene: Scene) => InjectOptions; expected: Record<CastMember, number> };

const billing = {
  customerType: "COMPANY",
  customerFirstName: "Olivia",
  customerLastName: "Owner",
  customerCompanyName: "Owner & Co",
  customerAddress: "1 Main Street",
  customerPost: "Berlin",
  customerPostCode: "10115",
  country: "DE",
};

// Columns in ACTORS order: admin, projectManager, designerOnTeam, designerOffTeam, owner, editor, viewer, otherCustomer.
const statuses = (...codes: number[]): Record<CastMember, number> =>
  Object.fromEntries(ACTORS.map((actor, index) => [actor, codes[index]])) as Record<CastMember, number>;

const PROJECT_ROWS: Row[] = [
  {
    call: "GET /v3/project/get/{id}",
    request: ({ project }) => ({ method: "GET", url: `/v3/project/get/${project.id}` }),
    expected: statuses(200, 200, 200, 404, 200, 200, 200, 404),
  },
  {
    call: "POST /v3/project/changeState (archive)",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/changeState",
      payload: { id: project.id, state: "archived" },
    }),
    expected: statuses(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}",
    request: ({ project }) => ({ method: "DELETE", url: `/v3/project/${project.id}` }),
    expected: statuses(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST /v3/project/adminUpdate",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/adminUpdate",
      payload: { id: project.id, name: "Renamed" },
    }),
    expected: statuses(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "POST /v3/project/updateData",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/updateData",
      payload: { id: project.id, ...billing },
    }),
    expected: statuses(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST /v3/project/updateClientCharacterNotes/",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/updateClientCharacterNotes/",
      payload: { projectId: project.id, clientCharacterNotes: "Likes blue" },
    }),
    expected: statuses(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (viewer, new e-mail)",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/inviteUserToProject",
      payload: { projectId: project.id, role: "viewer", email: `new-viewer-${++inviteCounter}@example.test` },
    }),
    expected: statuses(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (editor, new e-mail)",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/inviteUserToProject",
      payload: { projectId: project.id, role: "editor", email: `new-editor-${++inviteCounter}@example.test` },
    }),
    expected: statuses(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (designer)",
    request: ({ project, cast }) => ({
      method: "POST",
      url: "/v3/project/inviteUserToProject",
      payload: { projectId: project.id, role: "designer", email: cast.designerOffTeam.user.email },
    }),
    expected: statuses(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (projectManager)",
    request: ({ project }) => ({
      method: "POST",
      url: "/v3/project/inviteUserToProject",
      payload: { projectId: project.id, role: "projectManager", email: spareManager.user.email },
    }),
    expected: statuses(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}/user/{viewer}",
    request: ({ project }) => ({ method: "DELETE", url: `/v3/project/${project.id}/user/${spareViewer.user.id}` }),
    expected: statuses(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}/user/{designer}",
    request: ({ project, cast }) => ({
      method: "DELETE",
      url: `/v3/project/${project.id}/user/${cast.designerOnTeam.user.id}`,
    }),
    // The designer removing themselves: nobody removes themselves.
    expected: statuses(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}/user/{owner}",
    request: ({ project, cast }) => ({ method: "DELETE", url: `/v3/project/${project.id}/user/${cast.owner.user.id}` }),
    // Staff may remove members, but not the current owner (412); the owner cannot remove themselves.
    expected: statuses(412, 412, 403, 404, 403, 403, 403, 404),
  },
];

describe("permission table: project calls", () => {
  const cases = PROJECT_ROWS.flatMap((row) => ACTORS.map((actor) => ({ ...row, actor, status: row.expected[actor] })));

  it.each(cases)("$call as $actor → $status", async ({ request, actor, status }) => {
    const project = await buildTeamProject(t, cast, { extra: [{ person: spareViewer, role: "viewer" }] });
    const res = await t.call({ ...request({ project, cast }), token: cast[actor].token });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it.each(PROJECT_ROWS)("$call on an unknown id answers 404 even for admin", async ({ request }) => {
    const ghost = { ...(await buildTeamProject(t, cast)), id: crypto.randomUUID() };
    for (const actor of ["admin", "owner"] as const) {
      const res = await t.call({ ...request({ project: ghost, cast }), token: cast[actor].token });
      expect(res.status).toBe(404);
    }
  });

  it.each(PROJECT_ROWS)("$call without a token answers 401", async ({ request }) => {
    const project = await buildTeamProject(t, cast);
    const res = await t.call(request({ project, cast }));
    expect(res.status).toBe(401);
  });
});

describe("permission table: calls without a project", () => {
  const rows: Row[] = [
    {
      call: "POST /v3/project/create",
      request: ({ cast }) => ({
        method: "POST",
        url: "/v3/project/create",
        payload: { name: "New work", isExistingCustomer: true, customerEmail: cast.owner.user.email },
      }),
      expected: statuses(200, 200, 403, 403, 200, 200, 200, 200),
    },
    {
      call: "POST /v3/project/adminCreate",
      request: ({ cast }) => ({
        method: "POST",
        url: "/v3/project/adminCreate",
        payload: { name: "New work", isExistingCustomer: true, customerEmail: cast.owner.user.email },
      }),
      expected: statuses(200, 403, 403, 403, 403, 403, 403, 403),
    },
    {
      call: "GET /v3/project/list",
      request: () => ({ method: "GET", url: "/v3/project/list" }),
      expected: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    },
    {
      call: "GET /v3/project/list-names",
      request: () => ({ method: "GET", url: "/v3/project/list-names" }),
      expected: statuses(200, 200, 200, 200, 200, 200, 200, 200),
    },
  ];
  const cases = rows.flatMap((row) => ACTORS.map((actor) => ({ ...row, actor, status: row.expected[actor] })));

  it.each(cases)("$call as $actor → $status", async ({ request, actor, status }) => {
    const res = await t.call({ ...request({ project: undefined as never, cast }), token: cast[actor].token });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  it.each(rows)("$call without a token answers 401", async ({ request }) => {
    const res = await t.call(request({ project: undefined as never, cast }));
    expect(res.status).toBe(401);
  });
});

describe("who sees a project in the lists", () => {
  const SEES: Record<CastMember, boolean> = {
    admin: true,
    projectManager: true,
    designerOnTeam: true,
    designerOffTeam: false,
    owner: true,
    editor: true,
    viewer: true,
    otherCustomer: false,
  };

  it.each(ACTORS)("%s", async (actor) => {
    // Named to sort first, so it is on the first page of the A→Z names list too.
    const project = await buildTeamProject(t, cast, { name: "AAA visibility check" });
    const list = await t.call({ method: "GET", url: "/v3/project/list?limit=100", token: cast[actor].token });
    const names = await t.call({ method: "GET", url: "/v3/project/list-names?limit=100", token: cast[actor].token });
    const inList = list.body.items.some((item: { id: string }) => item.id === project.id);
    const inNames = names.body.items.some((item: { id: string }) => item.id === project.id);
    expect({ inList, inNames }).toEqual({ inList: SEES[actor], inNames: SEES[actor] });
  });

  it("a removed member no longer sees the project (404) and a removed designer leaves the list", async () => {
    const project = await buildTeamProject(t, cast);
    for (const member of [cast.viewer, cast.designerOnTeam]) {
      const removed = await t.call({
        method: "DELETE",
        url: `/v3/project/${project.id}/user/${member.user.id}`,
        token: cast.projectManager.token,
      });
      expect(removed.status).toBe(200);
      const get = await t.call({ method: "GET", url: `/v3/project/get/${project.id}`, token: member.token });
      expect(get.status).toBe(404);
    }
  });

  it("a deleted project answers 404 to everyone, staff included", async () => {
    const project = await buildTeamProject(t, cast);
    await t.call({ method: "DELETE", url: `/v3/project/${project.id}`, token: cast.owner.token });
    for (const actor of ["admin", "owner"] as const) {
      const get = await t.call({ method: "GET", url: `/v3/project/get/${project.id}`, token: cast[actor].token });
      expect(get.status).toBe(404);
    }
  });
});
