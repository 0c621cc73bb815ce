import { contract, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import {
  type BuiltUser,
  buildCast,
  buildTeamProject,
  buildUser,
  type Cast,
  type CastMember,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * DESIGN §5's permission table, driven from data: every project call × every kind of actor →
 * the status the API must answer. Invisible projects answer 404 (never 403); visible ones where
 * the action is not allowed answer 403.
 *
 * A cell whose call is allowed may change the project (archive, delete, remove a member), so it
 * gets a project of its own; a refused call must change nothing, so refused cells (and the
 * signed-out ones) share one project, and the last test checks that it is still as it was.
 */

let t: TestApp;
let cast: Cast;
let spareViewer: BuiltUser;
let spareManager: BuiltUser;
let shared: Project;
let sharedAsBuilt: unknown;
let inviteCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  spareViewer = await buildUser(t, { role: "customer", name: "Sam", surname: "Spare" });
  spareManager = await buildUser(t, { role: "projectManager", name: "Max", surname: "Manager" });
  shared = await buildTeamProject(t, cast, {
    name: "Shared project",
    extra: [{ person: spareViewer, role: "viewer" }],
  });
  sharedAsBuilt = await sharedProjectNow();
});
afterAll(async () => {
  await t.close();
});

type Scene = { project: Project; cast: Cast };
type Row = {
  call: string;
  send: (scene: Scene, token: string | undefined) => Promise<ApiResponse<unknown>>;
  expected: Record<CastMember, number>;
};

const billing = {
  customerType: "COMPANY" as const,
  customerFirstName: "Olivia",
  customerLastName: "Owner",
  customerCompanyName: "Owner & Co",
  customerAddress: "1 Main Street",
  customerPost: "Berlin",
  customerPostCode: "10115",
  country: "DE",
};

const PROJECT_ROWS: Row[] = [
  {
    call: "GET /v3/project/get/{id}",
    send: ({ project }, token) => t.api(contract.projects.get, { params: { id: project.id }, token }),
    expected: statusesByActor(200, 200, 200, 404, 200, 200, 200, 404),
  },
  {
    call: "POST /v3/project/changeState (archive)",
    send: ({ project }, token) =>
      t.api(contract.projects.changeState, { body: { id: project.id, state: "archived" }, token }),
    expected: statusesByActor(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}",
    send: ({ project }, token) => t.api(contract.projects.remove, { params: { id: project.id }, token }),
    expected: statusesByActor(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST /v3/project/adminUpdate",
    send: ({ project }, token) =>
      t.api(contract.projects.adminUpdate, { body: { id: project.id, name: "Renamed" }, token }),
    expected: statusesByActor(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "POST /v3/project/updateData",
    send: ({ project }, token) => t.api(contract.projects.updateData, { body: { id: project.id, ...billing }, token }),
    expected: statusesByActor(200, 200, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST /v3/project/updateClientCharacterNotes/",
    send: ({ project }, token) =>
      t.api(contract.projects.updateClientCharacterNotes, {
        body: { projectId: project.id, clientCharacterNotes: "Likes blue" },
        token,
      }),
    expected: statusesByActor(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (viewer, new e-mail)",
    send: ({ project }, token) =>
      t.api(contract.projects.invite, {
        body: { projectId: project.id, role: "viewer", email: `new-viewer-${++inviteCounter}@example.test` },
        token,
      }),
    expected: statusesByActor(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (editor, new e-mail)",
    send: ({ project }, token) =>
      t.api(contract.projects.invite, {
        body: { projectId: project.id, role: "editor", email: `new-editor-${++inviteCounter}@example.test` },
        token,
      }),
    expected: statusesByActor(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (designer)",
    send: ({ project, cast }, token) =>
      t.api(contract.projects.invite, {
        body: { projectId: project.id, role: "designer", email: cast.designerOffTeam.user.email },
        token,
      }),
    expected: statusesByActor(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "POST /v3/project/inviteUserToProject (projectManager)",
    send: ({ project }, token) =>
      t.api(contract.projects.invite, {
        body: { projectId: project.id, role: "projectManager", email: spareManager.user.email },
        token,
      }),
    expected: statusesByActor(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}/user/{viewer}",
    send: ({ project }, token) =>
      t.api(contract.projects.removeMember, { params: { id: project.id, userId: spareViewer.user.id }, token }),
    expected: statusesByActor(200, 200, 403, 404, 200, 200, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}/user/{designer}",
    send: ({ project, cast }, token) =>
      t.api(contract.projects.removeMember, {
        params: { id: project.id, userId: cast.designerOnTeam.user.id },
        token,
      }),
    // The designer removing themselves: nobody removes themselves.
    expected: statusesByActor(200, 200, 403, 404, 403, 403, 403, 404),
  },
  {
    call: "DELETE /v3/project/{id}/user/{owner}",
    send: ({ project, cast }, token) =>
      t.api(contract.projects.removeMember, { params: { id: project.id, userId: cast.owner.user.id }, token }),
    // Staff may remove members, but not the current owner (412); the owner cannot remove themselves.
    expected: statusesByActor(412, 412, 403, 404, 403, 403, 403, 404),
  },
];

describe("permission table: project calls", () => {
  const cases = PROJECT_ROWS.flatMap((row) =>
    TABLE_ACTORS.map((actor) => ({ ...row, actor, status: row.expected[actor] })),
  );

  it.each(cases)("$call as $actor → $status", async ({ send, actor, status }) => {
    const project =
      status < 300 ? await buildTeamProject(t, cast, { extra: [{ person: spareViewer, role: "viewer" }] }) : shared;
    const res = await send({ project, cast }, cast[actor].token);
    expect(res.status, JSON.stringify(res.received)).toBe(status);
  });

  it.each(PROJECT_ROWS)("$call on an unknown id answers 404 even for admin", async ({ send }) => {
    const ghost = { ...shared, id: crypto.randomUUID() };
    for (const actor of ["admin", "owner"] as const) {
      const res = await send({ project: ghost, cast }, cast[actor].token);
      expect(res.status).toBe(404);
    }
  });

  it.each(PROJECT_ROWS)("$call without a token answers 401", async ({ send }) => {
    const res = await send({ project: shared, cast }, undefined);
    expect(res.status).toBe(401);
  });

  it("the refused and signed-out calls left the shared project as it was", async () => {
    expect(await sharedProjectNow()).toEqual(sharedAsBuilt);
  });
});

/** The shared project (its team among its fields) and its pending invites, as the admin sees them. */
async function sharedProjectNow() {
  const project = await t.api(contract.projects.get, { params: { id: shared.id }, token: cast.admin.token });
  const invites = await t.api(contract.projects.listInvites, { params: { id: shared.id }, token: cast.admin.token });
  return { project: project.body, invites: invites.body };
}

describe("permission table: calls without a project", () => {
  const rows: Row[] = [
    {
      call: "POST /v3/project/create",
      send: ({ cast }, token) =>
        t.api(contract.projects.create, {
          body: { name: "New work", isExistingCustomer: true, customerEmail: cast.owner.user.email },
          token,
        }),
      expected: statusesByActor(200, 200, 403, 403, 200, 200, 200, 200),
    },
    {
      call: "POST /v3/project/adminCreate",
      send: ({ cast }, token) =>
        t.api(contract.projects.adminCreate, {
          body: { name: "New work", isExistingCustomer: true, customerEmail: cast.owner.user.email },
          token,
        }),
      expected: statusesByActor(200, 403, 403, 403, 403, 403, 403, 403),
    },
    {
      call: "GET /v3/project/list",
      send: (_scene, token) => t.api(contract.projects.list, { token }),
      expected: statusesByActor(200, 200, 200, 200, 200, 200, 200, 200),
    },
    {
      call: "GET /v3/project/list-names",
      send: (_scene, token) => t.api(contract.projects.listNames, { token }),
      expected: statusesByActor(200, 200, 200, 200, 200, 200, 200, 200),
    },
  ];
  const cases = rows.flatMap((row) => TABLE_ACTORS.map((actor) => ({ ...row, actor, status: row.expected[actor] })));

  it.each(cases)("$call as $actor → $status", async ({ send, actor, status }) => {
    const res = await send({ project: undefined as never, cast }, cast[actor].token);
    expect(res.status, JSON.stringify(res.received)).toBe(status);
  });

  it.each(rows)("$call without a token answers 401", async ({ send }) => {
    const res = await send({ project: undefined as never, cast }, undefined);
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

  let project: Project;
  beforeAll(async () => {
    // Named to sort first, so it is on the first page of the A→Z names list too.
    project = await buildTeamProject(t, cast, { name: "AAA visibility check" });
  });

  it.each(TABLE_ACTORS)("%s", async (actor) => {
    const list = await t.api(contract.projects.list, { query: { limit: 100 }, token: cast[actor].token });
    const names = await t.api(contract.projects.listNames, { query: { limit: 100 }, token: cast[actor].token });
    const inList = list.body.items.some((item) => item.id === project.id);
    const inNames = names.body.items.some((item) => item.id === project.id);
    expect({ inList, inNames }).toEqual({ inList: SEES[actor], inNames: SEES[actor] });
  });

  it("a removed member no longer sees the project (404) and a removed designer leaves the list", async () => {
    const project = await buildTeamProject(t, cast);
    for (const member of [cast.viewer, cast.designerOnTeam]) {
      const removed = await t.api(contract.projects.removeMember, {
        params: { id: project.id, userId: member.user.id },
        token: cast.projectManager.token,
      });
      expect(removed.status).toBe(200);
      const get = await t.api(contract.projects.get, { params: { id: project.id }, token: member.token });
      expect(get.status).toBe(404);
    }
  });

  it("a deleted project answers 404 to everyone, staff included", async () => {
    const project = await buildTeamProject(t, cast);
    await t.api(contract.projects.remove, { params: { id: project.id }, token: cast.owner.token });
    for (const actor of ["admin", "owner"] as const) {
      const get = await t.api(contract.projects.get, { params: { id: project.id }, token: cast[actor].token });
      expect(get.status).toBe(404);
    }
  });
});
