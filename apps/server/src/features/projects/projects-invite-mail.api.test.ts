import { contract, type InviteRole, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, buildTeamProject, buildUser, type Cast } from "../../../test/builders.ts";
import { type SmtpStandIn, startSmtpStandIn } from "../../../test/smtp-stand-in.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

// Invites through a real SMTP conversation with a mail server that can refuse: the change must
// commit and answer the truth whatever the mail server does, and the mail must follow later.
let smtp: SmtpStandIn;
let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: "0" });
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const invite = (email: string, role: InviteRole) =>
  t.api(contract.projects.invite, { token: cast.projectManager.token, body: { projectId: project.id, email, role } });

async function teamIds(): Promise<string[]> {
  const res = await t.api(contract.projects.get, { params: { id: project.id }, token: cast.projectManager.token });
  return res.body.projectUsersFeData.filter((member) => member.userActiveOnProject).map((member) => member.id);
}

describe("when the mail server refuses", () => {
  it("still adds an existing user and answers 200; the mail follows once the server takes it", async () => {
    const joiner = await buildUser(t, { role: "customer", name: "Mira", surname: "Mailless" });
    await t.drainJobs();
    const before = smtp.received.length;
    smtp.refuseNext(2);
    const res = await invite(joiner.user.email, "viewer");
    expect(res.status).toBe(200);
    expect(res.body.invitedExistingUser).toBe(true);
    expect(await teamIds()).toContain(joiner.user.id);

    // Two refusals, then delivery: the job is retried rather than lost.
    expect(smtp.received).toHaveLength(before);
    await t.drainJobs();
    const delivered = smtp.received.slice(before);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(`To: ${joiner.user.email}`);
    expect(delivered[0]).toContain(`You were added to ${project.name}`);
  });

  it("keeps a new address's invite and delivers its link after a refusal", async () => {
    const before = smtp.received.length;
    smtp.refuseNext(1);
    const res = await invite("new.person@example.test", "editor");
    expect(res.status).toBe(200);
    expect(res.body.invitedExistingUser).toBe(false);

    await t.drainJobs();
    const mail = smtp.received.slice(before).join("\n");
    expect(mail).toContain("To: new.person@example.test");
    // Quoted-printable: soft line breaks end in "=", and "=" itself is written "=3D".
    const key = /inviteKey=3D([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ""))?.[1];
    expect(key).toBeDefined();
    const lookup = await t.api(contract.projects.inviteInfo, { query: { inviteKey: key ?? "" } });
    expect(lookup.status).toBe(200);
    expect(lookup.body.email).toBe("new.person@example.test");
  });

  it("sends nothing for an invite it refuses", async () => {
    const before = smtp.received.length;
    const res = await t.raw(contract.projects.invite, {
      token: cast.projectManager.token,
      body: { projectId: project.id, email: "not-an-email", role: "viewer" },
    });
    expect(res.status).toBe(400);
    await t.drainJobs();
    expect(smtp.received).toHaveLength(before);
  });
});
