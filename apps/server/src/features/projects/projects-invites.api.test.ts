import { contract, type EndpointInput, INVITE_DAYS, type InviteRole, type Project } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTeamProject,
  buildTeamWorld,
  buildUser,
  type Cast,
  inviteKeyFromMail,
  signedIn,
} from "../../../test/builders.ts";
import { preHash, type TestApp } from "../../../test/test-app.ts";
import { projectInvites } from "../../db/schema/index.ts";

let t: TestApp;
let cast: Cast;
let project: Project;
let mailCount = 0;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

function invite(token: string, payload: { email: string; role: InviteRole; projectId?: string }) {
  return t.api(contract.projects.invite, { token, body: { projectId: project.id, ...payload } });
}

/** Mails sent since the last call. */
async function newMails() {
  const all = await t.readOutbox();
  const fresh = all.slice(mailCount);
  mailCount = all.length;
  return fresh;
}

const lookup = (inviteKey: string) => t.api(contract.projects.inviteInfo, { query: { inviteKey } });
const accept = (body: EndpointInput<typeof contract.projects.acceptInvite>["body"]) =>
  t.api(contract.projects.acceptInvite, { body });

async function teamOf(token: string) {
  const res = await t.api(contract.projects.get, { params: { id: project.id }, token });
  return res.body.projectUsersFeData;
}

describe("inviting an existing user", () => {
  it("puts them on the team at once and tells them by e-mail", async () => {
    await newMails();
    const joiner = await buildUser(t, { role: "customer", name: "Jo", surname: "Joiner" });
    const res = await invite(cast.owner.token, { email: joiner.user.email.toUpperCase(), role: "viewer" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      invitedExistingUser: true,
      projectUser: expect.objectContaining({
        id: joiner.user.id,
        surname: "J.",
        email: joiner.user.email,
        userProjectRole: "viewer",
        userActiveOnProject: true,
      }),
    });
    const mails = await newMails();
    expect(mails.map((mail) => mail.to)).toEqual([joiner.user.email]);
    expect(mails[0]?.links).toEqual([`http://localhost:3000/app/project/${project.id}`]);
    const seen = await t.api(contract.projects.get, { params: { id: project.id }, token: joiner.token });
    expect(seen.status).toBe(200);
  });

  it("answers 409 for someone already on the team", async () => {
    const res = await invite(cast.admin.token, { email: cast.editor.user.email, role: "viewer" });
    expect(res.status).toBe(409);
    expect(res.error.message).toBe("This user is already on the project");
  });

  it("needs a designer account for the designer role and a staff account for projectManager (412)", async () => {
    const unknown = await invite(cast.admin.token, { email: "nobody-designer@example.test", role: "designer" });
    expect(unknown.status).toBe(412);
    expect(unknown.error.message).toBe("Only an existing designer account can join a project as designer");
    const customerAsDesigner = await invite(cast.admin.token, {
      email: cast.otherCustomer.user.email,
      role: "designer",
    });
    expect(customerAsDesigner.status).toBe(412);
    const designerAsManager = await invite(cast.admin.token, {
      email: cast.designerOffTeam.user.email,
      role: "projectManager",
    });
    expect(designerAsManager.status).toBe(412);
    expect(designerAsManager.error.message).toMatch(/project manager or admin account/);
    const designerAsViewer = await invite(cast.owner.token, { email: cast.designerOffTeam.user.email, role: "viewer" });
    expect(designerAsViewer.status).toBe(412);
    expect(designerAsViewer.error.message).toBe("Editors and viewers must be customer accounts");
  });

  it("shows an admin added as project manager as admin on the team", async () => {
    const anotherAdmin = await buildUser(t, { role: "admin" });
    const res = await invite(cast.projectManager.token, { email: anotherAdmin.user.email, role: "projectManager" });
    expect(res.status).toBe(200);
    expect(res.body.projectUser?.userProjectRole).toBe("admin");
  });

  it("brings a removed member back", async () => {
    const returning = await buildUser(t, { role: "customer" });
    await invite(cast.owner.token, { email: returning.user.email, role: "editor" });
    const removed = await t.api(contract.projects.removeMember, {
      params: { id: project.id, userId: returning.user.id },
      token: cast.owner.token,
    });
    expect(removed.status).toBe(200);
    expect((await teamOf(cast.admin.token)).find((m) => m.id === returning.user.id)?.userActiveOnProject).toBe(false);
    const back = await invite(cast.owner.token, { email: returning.user.email, role: "viewer" });
    expect(back.status).toBe(200);
    expect((await teamOf(cast.admin.token)).find((m) => m.id === returning.user.id)).toMatchObject({
      userActiveOnProject: true,
      userProjectRole: "viewer",
    });
  });
});

describe("inviting a new e-mail", () => {
  it("mails a single-use link that shows the invite and lets the invitee join with a new account", async () => {
    await newMails();
    const email = "new.person@example.test";
    const res = await invite(cast.editor.token, { email, role: "editor" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ invitedExistingUser: false, projectUser: null });

    const [mail, ...others] = await newMails();
    expect(others).toHaveLength(0);
    expect(mail?.to).toBe(email);
    expect(mail?.links?.[0]).toMatch(/^http:\/\/localhost:3000\/app\/auth\/invite\?inviteKey=[A-Za-z0-9_-]{43}$/);
    const inviteKey = inviteKeyFromMail(mail ?? {});
    expect(mail?.text).toContain(mail?.links?.[0]);

    const info = await lookup(inviteKey);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      projectName: project.name,
      email,
      role: "editor",
      invitedBy: "Eddie E.",
      expiresAt: expect.any(Number),
      hasAccount: false,
    });
    const days = (info.body.expiresAt - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(INVITE_DAYS - 0.01);
    expect(days).toBeLessThanOrEqual(INVITE_DAYS);

    const joined = await accept({ inviteKey, name: "Nora", surname: "Newman", password: preHash("n0ra-pass") });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({
      token: expect.any(String),
      projectId: project.id,
      user: { email, name: "Nora", surname: "Newman", role: "customer" },
    });
    const seen = await t.api(contract.projects.get, { params: { id: project.id }, token: signedIn(joined.body).token });
    expect(seen.status).toBe(200);
    expect(seen.body.projectUsersFeData.find((m) => m.email === email)?.userProjectRole).toBe("editor");
    const login = await t.api(contract.auth.login, { body: { email, password: preHash("n0ra-pass") } });
    expect(login.status).toBe(200);

    // Single use: the same link now answers 404 everywhere.
    expect((await lookup(inviteKey)).status).toBe(404);
    const again = await accept({ inviteKey, name: "Nora", surname: "Newman", password: preHash("n0ra-pass") });
    expect(again.status).toBe(404);
    expect(again.error.message).toBe("This invite is invalid or has expired");
  });

  it("asks a new invitee for their name", async () => {
    await newMails();
    await invite(cast.owner.token, { email: "nameless@example.test", role: "viewer" });
    const inviteKey = inviteKeyFromMail((await newMails())[0] ?? {});
    const res = await accept({ inviteKey, password: preHash("whatever-1") });
    expect(res.status).toBe(400);
    expect(Object.keys(res.error.fields ?? {}).sort()).toEqual(["name", "surname"]);
    // The failed attempt did not spend the key.
    expect((await lookup(inviteKey)).status).toBe(200);
  });

  it("signs in an account made after the invite was sent, with that account's password", async () => {
    await newMails();
    await invite(cast.owner.token, { email: "late.signup@example.test", role: "viewer" });
    const inviteKey = inviteKeyFromMail((await newMails())[0] ?? {});
    const late = await buildUser(t, { role: "customer", email: "late.signup@example.test", password: "late-pass-1" });
    expect((await lookup(inviteKey)).body.hasAccount).toBe(true);

    const wrong = await accept({ inviteKey, password: preHash("not-it") });
    expect(wrong.status).toBe(401);
    const right = await accept({ inviteKey, password: preHash(late.password) });
    expect(right.status).toBe(200);
    expect(signedIn(right.body).user.id).toBe(late.user.id);
    expect((await teamOf(cast.admin.token)).find((m) => m.id === late.user.id)?.userProjectRole).toBe("viewer");
  });

  it("answers 404 for an expired key, an unknown key, and a key replaced by a newer invite", async () => {
    await newMails();
    await invite(cast.owner.token, { email: "slow@example.test", role: "viewer" });
    const expiredKey = inviteKeyFromMail((await newMails())[0] ?? {});
    await t.ctx.db
      .update(projectInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(projectInvites.email, "slow@example.test"));
    expect((await lookup(expiredKey)).status).toBe(404);
    const late = await accept({ inviteKey: expiredKey, name: "Slow", surname: "Poke", password: preHash("slow-pass") });
    expect(late.status).toBe(404);

    expect((await lookup("no-such-key")).status).toBe(404);

    await invite(cast.owner.token, { email: "twice@example.test", role: "viewer" });
    const firstKey = inviteKeyFromMail((await newMails())[0] ?? {});
    await invite(cast.owner.token, { email: "twice@example.test", role: "editor" });
    const secondKey = inviteKeyFromMail((await newMails())[0] ?? {});
    expect((await lookup(firstKey)).status).toBe(404);
    expect((await lookup(secondKey)).body.role).toBe("editor");
  });

  it("stores only a hash of the key", async () => {
    await newMails();
    await invite(cast.owner.token, { email: "hashed@example.test", role: "viewer" });
    const inviteKey = inviteKeyFromMail((await newMails())[0] ?? {});
    const rows = await t.ctx.db.select().from(projectInvites).where(eq(projectInvites.email, "hashed@example.test"));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(inviteKey);
  });

  it("an invite to a deleted project stops working", async () => {
    const doomed = await buildTeamProject(t, cast);
    await newMails();
    await invite(cast.owner.token, { email: "doomed@example.test", role: "viewer", projectId: doomed.id });
    const inviteKey = inviteKeyFromMail((await newMails())[0] ?? {});
    await t.api(contract.projects.remove, { params: { id: doomed.id }, token: cast.owner.token });
    expect((await lookup(inviteKey)).status).toBe(404);
  });
});
