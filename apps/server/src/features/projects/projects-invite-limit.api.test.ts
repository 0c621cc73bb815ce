import { contract, type InviteRole } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, buildUser, type Cast } from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

// RATE_LIMIT_INVITE=3: an inviter sends (or re-sends) at most 3 invites an hour.
let t: TestApp;
let cast: Cast;
let projectId: string;
beforeAll(async () => {
  const world = await buildTeamWorld({ RATE_LIMIT_INVITE: "3" });
  ({ t, cast } = world);
  projectId = world.project.id;
});
afterAll(() => t.close());

// The app's text with the wait appended (an hour's window: in minutes).
const tooMany = {
  message: expect.stringMatching(/^Too many requests, try again later \(in \d+ minutes?\)$/),
  code: "RATE_LIMITED",
};
let sent = 0;
const invite = (token: string, email = `limited-${++sent}@example.test`, role: InviteRole = "viewer") =>
  t.api(contract.projects.invite, { token, body: { projectId, email, role } });

describe("invite limit per inviter", () => {
  it("stops a customer's 4th invite within the hour, re-sends included, and not other inviters", async () => {
    const first = await invite(cast.owner.token);
    expect(first.status).toBe(200);
    // Probing an existing account counts like any other invite.
    const existing = await buildUser(t, { role: "customer" });
    expect((await invite(cast.owner.token, existing.user.email)).status).toBe(200);
    const pending = await t.api(contract.projects.listInvites, { token: cast.owner.token, params: { id: projectId } });
    const inviteId = pending.body.items[0]?.id ?? "";
    const resent = await t.api(contract.projects.resendInvite, {
      token: cast.owner.token,
      params: { id: projectId, inviteId },
    });
    expect(resent.status).toBe(200);

    const blocked = await invite(cast.owner.token);
    expect(blocked.status).toBe(429);
    expect(blocked.error).toEqual(tooMany);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(3000);
    const blockedResend = await t.api(contract.projects.resendInvite, {
      token: cast.owner.token,
      params: { id: projectId, inviteId },
    });
    expect(blockedResend.status).toBe(429);

    // The count is the inviter's: the editor still invites, and staff are not limited.
    expect((await invite(cast.editor.token)).status).toBe(200);
    for (let n = 0; n < 4; n++) expect((await invite(cast.admin.token)).status).toBe(200);
  });
});
