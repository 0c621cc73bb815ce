import { type ApiTokenScope, contract, type Endpoint, type Project } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildTeamWorld,
  type Cast,
  type CastMember,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { apiTokens } from "../../db/schema/index.ts";

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(async () => {
  await t.close();
});

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

async function createToken(person: BuiltUser, scope: ApiTokenScope = "write", name = "script") {
  const created = await t.api(contract.apiTokens.create, {
    body: { name, scope, expiresInDays: 30 },
    token: person.token,
  });
  expect(created.status).toBe(200);
  return created.body;
}

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

describe("API tokens: permission table", () => {
  const EVERYONE = statusesByActor(200, 200, 200, 200, 200, 200, 200, 200);
  const ADMIN_ONLY = statusesByActor(200, 403, 403, 403, 403, 403, 403, 403);

  it.each(TABLE_ACTORS)("%s creates, lists and revokes their own tokens", async (who: CastMember) => {
    const person = cast[who];
    const { token, apiToken } = await createToken(person, "read", `own ${who}`);
    expect(token).toMatch(/^atl_[A-Za-z0-9_-]{43}$/);
    expect(apiToken).toMatchObject({ name: `own ${who}`, scope: "read", lastUsedAt: null });
    const list = await t.api(contract.apiTokens.list, { token: person.token });
    expect(list.status).toBe(EVERYONE[who]);
    expect(list.body.items.map((item) => item.id)).toContain(apiToken.id);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const revoked = await t.api(contract.apiTokens.revoke, { params: { id: apiToken.id }, token: person.token });
    expect(revoked.status).toBe(EVERYONE[who]);
    expect((await t.api(contract.auth.info, bearer(token))).status).toBe(401);
  });

  it.each(TABLE_ACTORS)("%s: admin list and admin revoke", async (who: CastMember) => {
    const victim = await createToken(cast.owner, "read", `victim of ${who}`);
    const list = await t.api(contract.apiTokens.adminList, { token: cast[who].token });
    expect(list.status).toBe(ADMIN_ONLY[who]);
    const revoke = await t.api(contract.apiTokens.adminRevoke, {
      params: { id: victim.apiToken.id },
      token: cast[who].token,
    });
    expect(revoke.status).toBe(ADMIN_ONLY[who]);
    expect((await t.api(contract.auth.info, bearer(victim.token))).status).toBe(revoke.status === 200 ? 401 : 200);
  });

  it("the admin list names each token's owner and pages with a cursor", async () => {
    const mine = await createToken(cast.viewer, "write", "paged");
    const first = await t.api(contract.apiTokens.adminList, { query: { limit: 1 }, token: cast.admin.token });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.items[0]).toMatchObject({ id: mine.apiToken.id, owner: { email: cast.viewer.user.email } });
    expect(first.body.nextCursor).not.toBeNull();
    const next = await t.api(contract.apiTokens.adminList, {
      query: { limit: 50, cursor: first.body.nextCursor ?? "" },
      token: cast.admin.token,
    });
    expect(next.body.items.map((item) => item.id)).not.toContain(mine.apiToken.id);
  });

  it("answers 401 without a session to every token call", async () => {
    const calls: [Endpoint, object][] = [
      [contract.apiTokens.list, {}],
      [contract.apiTokens.create, { body: { name: "x", scope: "read", expiresInDays: 7 } }],
      [contract.apiTokens.revoke, { params: { id: UNKNOWN_ID } }],
      [contract.apiTokens.adminList, {}],
      [contract.apiTokens.adminRevoke, { params: { id: UNKNOWN_ID } }],
    ];
    for (const [endpoint, input] of calls) expect((await t.raw(endpoint, input)).status, endpoint.path).toBe(401);
  });

  it("answers 404 for someone else's token or an unknown one, and leaves it working", async () => {
    const theirs = await createToken(cast.editor);
    const foreign = await t.api(contract.apiTokens.revoke, {
      params: { id: theirs.apiToken.id },
      token: cast.owner.token,
    });
    expect(foreign.status).toBe(404);
    expect((await t.api(contract.auth.info, bearer(theirs.token))).status).toBe(200);
    const unknown = await t.api(contract.apiTokens.adminRevoke, {
      params: { id: UNKNOWN_ID },
      token: cast.admin.token,
    });
    expect(unknown.status).toBe(404);
  });

  it("refuses a bad name, scope or expiry (400)", async () => {
    for (const body of [
      { name: "", scope: "read", expiresInDays: 30 },
      { name: "x", scope: "admin", expiresInDays: 30 },
      { name: "x", scope: "read", expiresInDays: 10_000 },
      { name: "a".repeat(81), scope: "read", expiresInDays: 30 },
    ]) {
      expect((await t.raw(contract.apiTokens.create, { body, token: cast.owner.token })).status).toBe(400);
    }
  });
});

describe("calling the API with a token", () => {
  it("acts as its owner: a write token reads their projects and changes a task", async () => {
    const { token, apiToken } = await createToken(cast.owner);
    const info = await t.api(contract.auth.info, bearer(token));
    expect(info.status).toBe(200);
    expect(info.body.id).toBe(cast.owner.user.id);
    const projects = await t.api(contract.projects.list, bearer(token));
    expect(projects.body.items.map((item) => item.id)).toEqual([project.id]);
    const created = await t.api(contract.tasks.create, {
      body: { projectId: project.id, title: "Made by a script" },
      ...bearer(token),
    });
    expect(created.status).toBe(200);
    const others = await t.api(contract.projects.get, { params: { id: project.id }, ...bearer(token) });
    expect(others.status).toBe(200);
    const listed = await t.api(contract.apiTokens.list, { token: cast.owner.token });
    const used = listed.body.items.find((item) => item.id === apiToken.id);
    expect(used?.lastUsedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("sees only what its owner sees (another customer's project is 404)", async () => {
    const { token } = await createToken(cast.otherCustomer, "read");
    expect((await t.api(contract.projects.get, { params: { id: project.id }, ...bearer(token) })).status).toBe(404);
  });

  it("a read token answers 403 to every change and changes nothing", async () => {
    const { token } = await createToken(cast.owner, "read");
    const before = await t.api(contract.tasks.list, { params: { id: project.id }, token: cast.owner.token });
    const create = await t.api(contract.tasks.create, {
      body: { projectId: project.id, title: "Refused" },
      ...bearer(token),
    });
    expect(create.status).toBe(403);
    expect(create.error).toMatchObject({ code: "FORBIDDEN", message: "This API token may only read" });
    const after = await t.api(contract.tasks.list, { params: { id: project.id }, token: cast.owner.token });
    expect(after.body.items).toHaveLength(before.body.items.length);
  });

  it("never reaches sessions, tokens, two-factor, e-mail or password calls (403)", async () => {
    const { token } = await createToken(cast.projectManager);
    const refused: [Endpoint, object][] = [
      [contract.auth.logout, {}],
      [contract.privacy.listSessions, {}],
      [contract.privacy.revokeSession, { params: { id: UNKNOWN_ID } }],
      [contract.twoFactor.status, {}],
      [contract.twoFactor.setup, {}],
      [contract.twoFactor.disable, { body: { code: "123456" } }],
      [contract.profile.update, { body: { name: "Renamed" } }],
      [contract.apiTokens.list, {}],
      [contract.apiTokens.create, { body: { name: "child", scope: "write", expiresInDays: 7 } }],
      [contract.apiTokens.revoke, { params: { id: UNKNOWN_ID } }],
      [contract.calendar.create, { params: { kind: "deadlines" } }],
      [contract.privacy.gdprRequest, {}],
    ];
    for (const [endpoint, input] of refused) {
      expect((await t.raw(endpoint, { ...input, ...bearer(token) })).status, endpoint.path).toBe(403);
    }
    expect((await t.api(contract.auth.info, bearer(token))).status).toBe(200);
  });

  it("a revoked, expired, unknown or malformed token is 401", async () => {
    const revoked = await createToken(cast.designerOnTeam);
    await t.api(contract.apiTokens.revoke, { params: { id: revoked.apiToken.id }, token: cast.designerOnTeam.token });
    const expired = await createToken(cast.designerOnTeam);
    await t.ctx.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.apiToken.id));
    for (const header of [
      `Bearer ${revoked.token}`,
      `Bearer ${expired.token}`,
      "Bearer atl_unknown",
      `Basic ${expired.token}`,
    ]) {
      expect((await t.api(contract.auth.info, { headers: { authorization: header } })).status, header).toBe(401);
    }
  });
});
