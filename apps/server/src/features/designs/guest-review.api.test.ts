import {
  contract,
  type Endpoint,
  GUEST_MESSAGES,
  GUEST_PASSWORD_TRIES,
  type Project,
  type Task,
} from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTeamWorld,
  type Cast,
  type CastMember,
  setStatusAs,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, getDesigns, ok, uploadImage } from "../../../test/design-builders.ts";
import { preHash, type TestApp } from "../../../test/test-app.ts";

/**
 * Guest reviewers (issue 23, part 3): the team's link calls for every actor, the guest's own
 * calls, and the boundary: a guest token reaches the guest calls and answers 404 on every other
 * call of the contract, however it is sent.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;
let designUuid: string;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildWorkTask(t, cast, project);
  const key = await uploadImage(t, cast.designerOnTeam, "cover.png", 7);
  const designs = await addDesigns(t, cast.designerOnTeam, task, [key]);
  designUuid = designs.designerFileList[0]?.uuid ?? "";
});
afterAll(() => t.close());

const ref = () => ({ projectId: task.projectId, taskId: task.id });
const { guestShares, guestReview } = contract;

async function share(options: { password?: string; allowDecision?: boolean; expiresAt?: number } = {}) {
  const res = await t.api(guestShares.create, {
    token: cast.owner.token,
    body: {
      ...ref(),
      password: options.password ? preHash(options.password) : null,
      allowDecision: options.allowDecision ?? false,
      expiresAt: options.expiresAt ?? null,
    },
  });
  return ok("share", res);
}

async function join(link: string, name = "Gina Guest", password?: string) {
  const res = await t.api(guestReview.join, {
    body: {
      link,
      name,
      email: `${name.split(" ")[0]?.toLowerCase()}@example.com`,
      password: password ? preHash(password) : null,
    },
  });
  return ok("join", res);
}

const asGuest = (token: string) => ({ headers: { "guest-token": token } });

describe("the team's link calls", () => {
  const SHARE = statusesByActor(200, 200, 403, 404, 200, 200, 403, 404);
  const VIEW = statusesByActor(200, 200, 200, 404, 200, 200, 200, 404);

  it.each(TABLE_ACTORS)("create as %s", async (who: CastMember) => {
    const res = await t.api(guestShares.create, { token: cast[who].token, body: { ...ref() } });
    expect(res.status).toBe(SHARE[who]);
    if (res.status === 200) expect(res.body.link).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it.each(TABLE_ACTORS)("list as %s", async (who: CastMember) => {
    const res = await t.api(guestShares.list, { token: cast[who].token, params: { id: project.id, taskId: task.id } });
    expect(res.status).toBe(VIEW[who]);
    if (res.status === 200) expect(res.body.canShare).toBe(SHARE[who] === 200);
  });

  it.each(TABLE_ACTORS)("revoke as %s", async (who: CastMember) => {
    const { share: made } = await share();
    const res = await t.api(guestShares.revoke, { token: cast[who].token, body: { ...ref(), shareId: made.id } });
    expect(res.status).toBe(SHARE[who]);
  });

  it("answers 401 without a token, and 404 for another task's link or a foreign task", async () => {
    expect((await t.api(guestShares.create, { body: ref() })).status).toBe(401);
    const { share: made } = await share();
    const other = await buildWorkTask(t, cast, project);
    const wrong = await t.api(guestShares.revoke, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: other.id, shareId: made.id },
    });
    expect(wrong.status).toBe(404);
  });

  it("refuses an expiry in the past (400) and stores only hashes", async () => {
    const past = await t.api(guestShares.create, { token: cast.owner.token, body: { ...ref(), expiresAt: 1000 } });
    expect(past.status).toBe(400);
    expect(past.error.fields?.expiresAt).toBe(GUEST_MESSAGES.expiryInPast);
    const { link } = await share({ password: "s3cret pass" });
    const rows = await t.ctx.db.execute("select link_hash, password_hash from guest_shares");
    const text = JSON.stringify(rows);
    expect(text).not.toContain(link);
    expect(text).not.toContain(preHash("s3cret pass"));
  });
});

describe("a guest with a link", () => {
  it("opens it, joins, reads only the current designs, comments, and the team sees it marked as a guest's", async () => {
    const { link } = await share();
    const info = ok("open", await t.api(guestReview.open, { body: { link } }));
    expect(info).toMatchObject({ taskTitle: task.title, passwordRequired: false, allowDecision: false });
    const { guestToken, guest } = await join(link);
    expect(guestToken.startsWith("atg_")).toBe(true);
    const review = ok("review", await t.api(guestReview.review, asGuest(guestToken)));
    expect(review.designerFileList.map((file) => file.uuid)).toEqual([designUuid]);
    expect(review.canDecide).toBe(false);
    const thread = ok(
      "comment",
      await t.api(guestReview.comment, {
        ...asGuest(guestToken),
        body: { designerFileUuid: designUuid, comment: "Love the blue", pin: { type: "point", x: 0.5, y: 0.5 } },
      }),
    );
    expect(thread).toMatchObject({ guestId: guest.id, userId: null, userFirstName: "Gina Guest" });
    const reply = await t.api(contract.designs.reply, {
      token: cast.designerOnTeam.token,
      body: { ...ref(), commentId: thread.id, comment: "Thanks!" },
    });
    expect(reply.status).toBe(200);
    const team = await getDesigns(t, cast.owner, task);
    const seen = team.designerFileList[0]?.fileCommentList.find((comment) => comment.id === thread.id);
    expect(seen).toMatchObject({ guestId: guest.id, userFirstName: "Gina Guest", comment: "Love the blue" });
    const feed = ok("messages", await t.api(contract.messages.feed, { token: cast.designerOnTeam.token }));
    expect(JSON.stringify(feed)).toContain("(guest Gina Guest) commented on cover.png");
    const listed = ok(
      "list",
      await t.api(guestShares.list, { token: cast.owner.token, params: { id: project.id, taskId: task.id } }),
    );
    expect(listed.items.flatMap((item) => item.guests.map((g) => g.email))).toContain("gina@example.com");
  });

  it("hears of a reply by e-mail, with an unsubscribe link that stops the next ones", async () => {
    const { link } = await share();
    const { guestToken } = await join(link, "Mia Mailed");
    const guestMail = { headers: { "guest-token": guestToken } };
    const thread = ok(
      "comment",
      await t.api(guestReview.comment, {
        ...guestMail,
        body: { designerFileUuid: designUuid, comment: "Hm", pin: null },
      }),
    );
    const replyAs = (comment: string) =>
      t.api(contract.designs.reply, { token: cast.owner.token, body: { ...ref(), commentId: thread.id, comment } });
    ok("reply", await replyAs("Here is why"));
    const mails = (await t.readOutbox()).filter((mail) => mail.to === "mia@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Here is why");
    expect(mails[0]?.text).not.toContain(link);
    const stop = mails[0]?.links?.[0] ?? "";
    const token = stop.split("#")[1] ?? "";
    expect((await t.api(guestReview.unsubscribe, { body: { token: "C".repeat(43) } })).status).toBe(404);
    ok("unsubscribe", await t.api(guestReview.unsubscribe, { body: { token } }));
    ok("reply", await replyAs("And another thing"));
    const after = (await t.readOutbox()).filter((mail) => mail.to === "mia@example.com");
    expect(after).toHaveLength(1);
  });

  it("cannot reach another task's design or comment (404)", async () => {
    const { link } = await share();
    const { guestToken } = await join(link);
    const other = await buildWorkTask(t, cast, project);
    const key = await uploadImage(t, cast.designerOnTeam, "other.png", 9);
    const otherUuid = (await addDesigns(t, cast.designerOnTeam, other, [key])).designerFileList[0]?.uuid ?? "";
    const res = await t.api(guestReview.comment, {
      ...asGuest(guestToken),
      body: { designerFileUuid: otherUuid, comment: "hi", pin: null },
    });
    expect(res.status).toBe(404);
  });

  it("needs the password when the link has one, and limits the tries", async () => {
    const { link } = await share({ password: "open sesame" });
    expect(ok("open", await t.api(guestReview.open, { body: { link } })).passwordRequired).toBe(true);
    const none = await t.api(guestReview.join, { body: { link, name: "G", email: "g@example.com" } });
    expect(none.status).toBe(403);
    const wrong = await t.api(guestReview.join, {
      body: { link, name: "G", email: "g@example.com", password: preHash("nope") },
    });
    expect(wrong.status).toBe(403);
    await join(link, "Right", "open sesame");
    for (let i = 2; i < GUEST_PASSWORD_TRIES; i++) {
      await t.api(guestReview.join, { body: { link, name: "G", email: "g@example.com", password: preHash("nope") } });
    }
    const locked = await t.api(guestReview.join, {
      body: { link, name: "G", email: "g@example.com", password: preHash("open sesame") },
    });
    expect(locked.status).toBe(429);
  });

  it("stops at once when the link is revoked, and says why", async () => {
    const { link, share: made } = await share();
    const { guestToken } = await join(link);
    ok("revoke", await t.api(guestShares.revoke, { token: cast.editor.token, body: { ...ref(), shareId: made.id } }));
    const review = await t.api(guestReview.review, asGuest(guestToken));
    expect(review.status).toBe(412);
    expect(review.error.message).toBe(GUEST_MESSAGES.linkRevoked);
    expect((await t.api(guestReview.open, { body: { link } })).error.message).toBe(GUEST_MESSAGES.linkRevoked);
  });

  it("stops when the link expires", async () => {
    const { link, share: made } = await share({ expiresAt: Date.now() + 60_000 });
    const { guestToken } = await join(link);
    await t.ctx.db.execute(`update guest_shares set expires_at = now() - interval '1 second' where id = '${made.id}'`);
    const review = await t.api(guestReview.review, asGuest(guestToken));
    expect(review.error.message).toBe(GUEST_MESSAGES.linkExpired);
  });

  it("an unknown link answers 404 and an unknown guest token 401", async () => {
    const res = await t.api(guestReview.open, { body: { link: "A".repeat(43) } });
    expect(res.status).toBe(404);
    expect((await t.api(guestReview.review, asGuest(`atg_${"B".repeat(43)}`))).status).toBe(401);
    expect((await t.api(guestReview.review)).status).toBe(401);
  });

  it("approves only when the link allows it and the task is in review", async () => {
    const reviewTask = await buildWorkTask(t, cast, project);
    const key = await uploadImage(t, cast.designerOnTeam, "final.png", 11);
    await addDesigns(t, cast.designerOnTeam, reviewTask, [key]);
    const make = (allowDecision: boolean) =>
      t.api(guestShares.create, {
        token: cast.owner.token,
        body: { projectId: project.id, taskId: reviewTask.id, allowDecision },
      });
    const plain = await join(ok("share", await make(false)).link);
    const allowed = await join(ok("share", await make(true)).link);
    const early = await t.api(guestReview.decide, { ...asGuest(allowed.guestToken), body: { decision: "approved" } });
    expect(early.status).toBe(412);
    await setStatusAs(t, cast.designerOnTeam, reviewTask, "review");
    const refused = await t.api(guestReview.decide, { ...asGuest(plain.guestToken), body: { decision: "approved" } });
    expect(refused.status).toBe(403);
    const done = ok(
      "decide",
      await t.api(guestReview.decide, { ...asGuest(allowed.guestToken), body: { decision: "approved" } }),
    );
    expect(done.taskStatus).toBe("approved");
    const now = await t.api(contract.tasks.get, {
      token: cast.owner.token,
      params: { id: project.id, taskId: reviewTask.id },
    });
    expect(now.body.status).toBe("approved");
  });
});

describe("the guest boundary", () => {
  let guestToken: string;
  beforeAll(async () => {
    guestToken = (await join((await share()).link)).guestToken;
  });

  const calls = Object.entries(contract).flatMap(([feature, group]) =>
    Object.entries(group as Record<string, Endpoint>)
      .filter(([, endpoint]) => !endpoint.guest)
      .map(([name, endpoint]) => ({ name: `${feature}.${name}`, endpoint })),
  );

  const url = (endpoint: Endpoint) => endpoint.path.replace(/:([A-Za-z]+)/g, () => crypto.randomUUID());

  it.each(calls)("$name answers 404 to a guest token, in any header", async ({ endpoint }) => {
    const sent: Record<string, string>[] = [
      { "guest-token": guestToken },
      { "auth-token": guestToken },
      { authorization: `Bearer ${guestToken}` },
    ];
    for (const headers of sent) {
      const res = await t.raw({ method: endpoint.method, url: url(endpoint), headers, payload: {} });
      expect({ headers: Object.keys(headers), status: res.status }).toEqual({
        headers: Object.keys(headers),
        status: 404,
      });
    }
  });

  it("file serving and the web app answer 404 to it too", async () => {
    const res = await t.raw({ method: "GET", url: "/serve/s/somekey", headers: { "guest-token": guestToken } });
    expect(res.status).toBe(404);
  });

  it("the guest calls accept it", async () => {
    expect((await t.api(guestReview.review, asGuest(guestToken))).status).toBe(200);
  });
});
