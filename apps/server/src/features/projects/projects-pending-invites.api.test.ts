import { contract, type Project } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildProject, buildTeamWorld, type Cast, type CastMember, inviteKeyFromMail } from "../../../test/builders.ts";
import { preHash, type TestApp } from "../../../test/test-app.ts";
import { projectInvites } from "../../db/schema/index.ts";
import { hashToken } from "../../lib/tokens.ts";

let t: TestApp;
let cast: Cast;
let project: Project;
let otherProject: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  otherProject = await buildProject(t, { admin: cast.admin, owner: cast.otherCustomer, name: "Someone else's" });
});
afterAll(() => t.close());

let counter = 0;
const freshEmail = (label: string) => `${label}-${++counter}@invitee.test`;

/** Invites a new address as the owner and answers the key from the mail. */
async function inviteNew(
  email: string,
  options: { role?: "editor" | "viewer"; projectId?: string; token?: string } = {},
) {
  const res = await t.api(contract.projects.invite, {
    token: options.token ?? cast.owner.token,
    body: { projectId: options.projectId ?? project.id, email, role: options.role ?? "viewer" },
  });
  expect(res.status).toBe(200);
  return latestKeyFor(email);
}

async function latestKeyFor(email: string): Promise<string> {
  const mail = (await t.readOutbox()).filter((entry) => entry.to === email).at(-1);
  return inviteKeyFromMail(mail ?? {});
}

type ListQuery = { limit?: number; cursor?: string };
const list = (token: string | undefined, query: ListQuery = {}, projectId = project.id) =>
  t.api(contract.projects.listInvites, { params: { id: projectId }, query, token });
const resend = (token: string | undefined, inviteId: string, projectId = project.id) =>
  t.api(contract.projects.resendInvite, { params: { id: projectId, inviteId }, token });
const revoke = (token: string | undefined, inviteId: string, projectId = project.id) =>
  t.api(contract.projects.revokeInvite, { params: { id: projectId, inviteId }, token });
const lookup = (inviteKey: string) => t.api(contract.projects.inviteInfo, { query: { inviteKey } });
const accept = (body: { inviteKey: string; name: string; surname: string; password: string }) =>
  t.api(contract.projects.acceptInvite, { body });

async function pendingIdOf(email: string, token = cast.admin.token): Promise<string> {
  const res = await list(token, { limit: 100 });
  const found = res.body.items.find((item) => item.email === email);
  if (!found) throw new Error(`no pending invite for ${email}`);
  return found.id;
}

/** An invite with a staff role, which the API never makes for a new address, to test role scoping. */
async function insertDesignerInvite(email: string): Promise<string> {
  const [row] = await t.ctx.db
    .insert(projectInvites)
    .values({
      projectId: project.id,
      email,
      projectRole: "designer",
      keyHash: hashToken(`designer-key-${email}`),
      invitedById: cast.admin.user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!row) throw new Error("no row");
  return row.id;
}

describe("listing pending invites", () => {
  it("shows the owner their invite with its role, sender and expiry", async () => {
    const email = freshEmail("listed");
    await inviteNew(email, { role: "editor" });
    const res = await list(cast.owner.token, { limit: 100 });
    expect(res.status).toBe(200);
    const item = res.body.items.find((entry: { email: string }) => entry.email === email);
    expect(item).toMatchObject({ email, role: "editor", invitedBy: "Olivia O.", isExpired: false });
    expect(item?.expiresAt).toBeGreaterThan(Date.now());
  });

  it("pages by e-mail with a cursor", async () => {
    await inviteNew(freshEmail("page-a"));
    await inviteNew(freshEmail("page-b"));
    const first = await list(cast.admin.token, { limit: 1 });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(cast.admin.token, { limit: 1, cursor: first.body.nextCursor ?? "" });
    expect(second.body.items).toHaveLength(1);
    expect((second.body.items[0]?.email ?? "") > (first.body.items[0]?.email ?? "")).toBe(true);
  });

  it("drops an invite once it is accepted", async () => {
    const email = freshEmail("accepted");
    const key = await inviteNew(email);
    const joined = await accept({ inviteKey: key, name: "Ann", surname: "Accepter", password: preHash("accept-pass") });
    expect(joined.status).toBe(200);
    const res = await list(cast.admin.token, { limit: 100 });
    expect(res.body.items.map((item: { email: string }) => item.email)).not.toContain(email);
  });

  it("shows customers only the invites of roles they may give; staff see all", async () => {
    const email = freshEmail("designer-role");
    await insertDesignerInvite(email);
    const emails = async (member: CastMember) =>
      (await list(cast[member].token, { limit: 100 })).body.items.map((i) => i.email);
    expect(await emails("admin")).toContain(email);
    expect(await emails("projectManager")).toContain(email);
    expect(await emails("owner")).not.toContain(email);
    expect(await emails("editor")).not.toContain(email);
  });

  it("answers 401 without a session, 403 to those who invite nobody, 404 to outsiders", async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(cast.viewer.token)).status).toBe(403);
    expect((await list(cast.designerOnTeam.token)).status).toBe(403);
    expect((await list(cast.otherCustomer.token)).status).toBe(404);
    expect((await list(cast.designerOffTeam.token)).status).toBe(404);
  });
});

describe("resending an invite", () => {
  it("mails a new link and the old one stops working", async () => {
    const email = freshEmail("resent");
    const oldKey = await inviteNew(email, { role: "editor" });
    const id = await pendingIdOf(email);
    const res = await resend(cast.projectManager.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, email, role: "editor", invitedBy: "Pat M.", isExpired: false });
    const newKey = await latestKeyFor(email);
    expect(newKey).not.toBe(oldKey);
    expect((await lookup(oldKey)).status).toBe(404);
    const fresh = await lookup(newKey);
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ email, role: "editor", invitedBy: "Pat M." });
  });

  it("renews an expired invite", async () => {
    const email = freshEmail("expired");
    await inviteNew(email);
    const id = await pendingIdOf(email);
    await t.ctx.db
      .update(projectInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvites.id, id));
    const listed = (await list(cast.owner.token, { limit: 100 })).body.items.find(
      (item: { id: string }) => item.id === id,
    );
    expect(listed?.isExpired).toBe(true);
    const res = await resend(cast.owner.token, id);
    expect(res.status).toBe(200);
    expect(res.body.isExpired).toBe(false);
    expect((await lookup(await latestKeyFor(email))).status).toBe(200);
  });

  it("is allowed to whoever may invite with the invite's role", async () => {
    const email = freshEmail("resend-roles");
    await inviteNew(email, { role: "viewer" });
    const id = await pendingIdOf(email);
    expect((await resend(undefined, id)).status).toBe(401);
    expect((await resend(cast.viewer.token, id)).status).toBe(403);
    expect((await resend(cast.designerOnTeam.token, id)).status).toBe(403);
    expect((await resend(cast.otherCustomer.token, id)).status).toBe(404);
    expect((await resend(cast.editor.token, id)).status).toBe(200);
    expect((await resend(cast.admin.token, id)).status).toBe(200);
    const designerInvite = await insertDesignerInvite(freshEmail("designer-resend"));
    expect((await resend(cast.owner.token, designerInvite)).status).toBe(403);
  });

  it("answers 404 for another project's invite, an unknown id and an accepted invite", async () => {
    const foreignEmail = freshEmail("foreign");
    await inviteNew(foreignEmail, { projectId: otherProject.id, token: cast.otherCustomer.token });
    const foreignId = (await list(cast.otherCustomer.token, { limit: 100 }, otherProject.id)).body.items.find(
      (item) => item.email === foreignEmail,
    )?.id;
    expect(foreignId).toEqual(expect.any(String));
    expect((await resend(cast.admin.token, foreignId ?? "")).status).toBe(404);
    expect((await resend(cast.admin.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await resend(cast.admin.token, "not-a-uuid")).status).toBe(400);
  });
});

describe("revoking an invite", () => {
  it("removes it from the list and its link no longer works", async () => {
    const email = freshEmail("revoked");
    const key = await inviteNew(email);
    const id = await pendingIdOf(email);
    const res = await revoke(cast.owner.token, id);
    expect(res.status).toBe(200);
    expect((await lookup(key)).status).toBe(404);
    const accepted = await accept({
      inviteKey: key,
      name: "Rex",
      surname: "Revoked",
      password: preHash("revoked-pass"),
    });
    expect(accepted.status).toBe(404);
    const listed = await list(cast.owner.token, { limit: 100 });
    expect(listed.body.items.map((item: { id: string }) => item.id)).not.toContain(id);
    expect((await revoke(cast.owner.token, id)).status).toBe(404);
  });

  it("is allowed to whoever may invite with the invite's role", async () => {
    const email = freshEmail("revoke-roles");
    await inviteNew(email);
    const id = await pendingIdOf(email);
    expect((await revoke(undefined, id)).status).toBe(401);
    expect((await revoke(cast.viewer.token, id)).status).toBe(403);
    expect((await revoke(cast.designerOnTeam.token, id)).status).toBe(403);
    expect((await revoke(cast.otherCustomer.token, id)).status).toBe(404);
    expect((await revoke(cast.designerOffTeam.token, id)).status).toBe(404);
    const designerInvite = await insertDesignerInvite(freshEmail("designer-revoke"));
    expect((await revoke(cast.editor.token, designerInvite)).status).toBe(403);
    expect((await revoke(cast.projectManager.token, designerInvite)).status).toBe(200);
    expect((await revoke(cast.editor.token, id)).status).toBe(200);
  });

  it("answers 404 for another project's invite id", async () => {
    const foreignEmail = freshEmail("foreign-revoke");
    await inviteNew(foreignEmail, { projectId: otherProject.id, token: cast.otherCustomer.token });
    const foreign = (await list(cast.admin.token, { limit: 100 }, otherProject.id)).body.items.find(
      (item: { email: string }) => item.email === foreignEmail,
    );
    const foreignId = foreign?.id ?? "";
    expect((await revoke(cast.owner.token, foreignId)).status).toBe(404);
    expect((await revoke(cast.admin.token, foreignId)).status).toBe(404);
    expect((await list(cast.admin.token, { limit: 100 }, otherProject.id)).body.items).toContainEqual(
      expect.objectContaining({ id: foreignId }),
    );
  });
});
