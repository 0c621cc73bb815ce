import { contract, type Project } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTask, buildTeamWorld, type Cast, setStatusAs } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, ok, uploadImage } from "../../../test/design-builders.ts";
import { listenOn, openSse } from "../../../test/sse-client.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { notificationStates } from "../../db/schema/index.ts";

let t: TestApp;
let cast: Cast;
let projectId: string;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  projectId = project.id;
});
afterAll(() => t.close());

const mailsTo = async (person: BuiltUser) =>
  (await t.readOutbox()).filter((mail) => mail.to === person.user.email && /new notification/.test(mail.subject));

async function openStream(person: BuiltUser) {
  const base = await listenOn(t);
  const init = await t.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  return openSse(`${base}/chat/channel/${person.user.id}/stream?token=${encodeURIComponent(init.body.token)}`);
}

describe("notification e-mail digest", () => {
  it("mails people who are away their unread notifications, at most once per interval, unless switched off", async () => {
    // The designer turns the digest off; the editor has a stream open (online).
    expect((await t.api(contract.messages.settings, { token: cast.designerOnTeam.token })).body).toEqual({
      emailDigest: true,
    });
    const off = await t.api(contract.messages.updateSettings, {
      token: cast.designerOnTeam.token,
      body: { emailDigest: false },
    });
    expect(off.body).toEqual({ emailDigest: false });
    expect((await t.api(contract.messages.settings, { token: cast.designerOnTeam.token })).body.emailDigest).toBe(
      false,
    );
    const editorStream = await openStream(cast.editor);

    const first = await buildTask(t, cast.owner, { projectId, title: "Digest poster" });
    const viewerMails = await mailsTo(cast.viewer);
    expect(viewerMails).toHaveLength(1);
    expect(viewerMails[0]?.subject).toMatch(/1 new notification$/);
    expect(viewerMails[0]?.text).toContain("Digest poster");
    expect(viewerMails[0]?.text).toContain("added the task");
    expect(viewerMails[0]?.links).toEqual([`${t.config.publicUrl}/app/project/${projectId}/task/${first.id}`]);
    // Switched off, online, or the actor: no mail.
    expect(await mailsTo(cast.designerOnTeam)).toHaveLength(0);
    expect(await mailsTo(cast.editor)).toHaveLength(0);
    expect(await mailsTo(cast.owner)).toHaveLength(0);

    // Within the interval, more notifications wait for the next digest (one job, not yet due).
    await buildTask(t, cast.owner, { projectId, title: "Digest flyer" });
    await buildTask(t, cast.owner, { projectId, title: "Digest banner" });
    expect(await mailsTo(cast.viewer)).toHaveLength(1);
    const [state] = await t.ctx.db
      .select()
      .from(notificationStates)
      .where(eq(notificationStates.userId, cast.viewer.user.id));
    expect(state?.digestPending).toBe(true);
    expect(state?.lastDigestAt).not.toBeNull();
    await editorStream.close();
  });

  it("carries a change request's note to the designer who is away", async () => {
    const designer = cast.designerOnTeam;
    await t.api(contract.messages.updateSettings, { token: designer.token, body: { emailDigest: true } });
    let task = await buildWorkTask(t, cast, project);
    const designs = await addDesigns(t, designer, task, [await uploadImage(t, designer, "cover.png", 7)]);
    task = await setStatusAs(t, designer, task, "review");
    const note = "Darker blue, and make the text bigger please.";
    ok(
      "feedback",
      await t.api(contract.designs.feedback, {
        token: cast.owner.token,
        params: { projectId, taskId: task.id, designerFileUuid: designs.designerFileList[0]?.uuid ?? "" },
        body: { feedback: "changesRequested", comment: note },
      }),
    );
    const digest = (await mailsTo(designer)).at(-1);
    expect(digest?.text).toContain(`asked for changes to cover.png: “${note}”`);
  });

  it("refuses a bad setting and callers who are not signed in", async () => {
    expect(
      (await t.raw(contract.messages.updateSettings, { token: cast.owner.token, body: { emailDigest: "yes" } })).status,
    ).toBe(400);
    expect((await t.raw(contract.messages.updateSettings, { token: cast.owner.token, body: {} })).status).toBe(400);
    expect((await t.raw(contract.messages.settings, {})).status).toBe(401);
  });
});
