import { contract, OWN_EVENTS_HEADER, STREAM_POINT_HEADER, type StreamMessage } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildCast,
  buildTask,
  buildTeamProject,
  buildUser,
  type Cast,
} from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, uploadImage } from "../../../test/design-builders.ts";
import { listenOn, openSse, type SseMessage } from "../../../test/sse-client.ts";
import { createTestApp, preHash, type TestApp } from "../../../test/test-app.ts";
import { withTransaction } from "../../core/transaction.ts";
import { signStreamToken } from "./service/token.ts";

let t: TestApp;
let cast: Cast;
let base: string;
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  projectId = (await buildTeamProject(t, cast, { name: "Realtime project" })).id;
  base = await listenOn(t);
});
afterAll(async () => {
  await t.close();
});

async function tokenOf(person: BuiltUser): Promise<string> {
  const res = await t.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
  return res.body.token;
}

async function streamOf(person: BuiltUser, lastEventId?: string) {
  const token = await tokenOf(person);
  const url = `${base}/chat/channel/${person.user.id}/stream?token=${encodeURIComponent(token)}`;
  return openSse(url, lastEventId ? { lastEventId } : {});
}

const dataOf = (message: SseMessage | undefined) => message?.data as StreamMessage;
const changeOf = (message: SseMessage | undefined) => {
  const data = dataOf(message);
  if (data.kind !== "change") throw new Error(`expected a change, got ${data.kind}`);
  return data;
};

describe("GET /chat/channel/{id}/init", () => {
  it("answers a short-lived token for the caller's own channel only", async () => {
    const own = await t.api(contract.realtime.init, {
      token: cast.designerOnTeam.token,
      params: { id: cast.designerOnTeam.user.id },
    });
    expect(own.status).toBe(200);
    expect(own.body.expiresAt).toBeGreaterThan(Date.now());
    expect(own.body.streamPath).toBe(`/chat/channel/${cast.designerOnTeam.user.id}/stream`);

    const foreign = await t.api(contract.realtime.init, {
      token: cast.designerOnTeam.token,
      params: { id: cast.owner.user.id },
    });
    expect(foreign.status).toBe(403);
    expect((await t.api(contract.realtime.init, { params: { id: cast.owner.user.id } })).status).toBe(401);
  });
});

describe("the stream refuses bad tokens before sending anything", () => {
  const url = (channel: string, token: string) =>
    `${base}/chat/channel/${channel}/stream?token=${encodeURIComponent(token)}`;

  it("refuses a forged token", async () => {
    const token = await tokenOf(cast.owner);
    const forged = `${token.slice(0, token.lastIndexOf(".") + 1)}${"A".repeat(43)}`;
    const res = await fetch(url(cast.owner.user.id, forged));
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toContain("application/json");
    // A token for someone else, re-signed by nobody: the claims changed, the signature did not.
    const [, , session, expires, signature] = token.split(".");
    const swapped = ["rt1", cast.admin.user.id, session, expires, signature].join(".");
    expect((await fetch(url(cast.admin.user.id, swapped))).status).toBe(401);
  });

  it("refuses an expired token", async () => {
    const expired = signStreamToken(t.config, {
      userId: cast.owner.user.id,
      sessionId: "00000000-0000-4000-8000-000000000000",
      expiresAt: Date.now() - 1,
    });
    expect((await fetch(url(cast.owner.user.id, expired))).status).toBe(401);
  });

  it("refuses another person's token on a channel, and a token whose session signed out", async () => {
    const ownerToken = await tokenOf(cast.owner);
    expect((await fetch(url(cast.editor.user.id, ownerToken))).status).toBe(403);

    const leaver = await createSignedIn(cast.viewer);
    const token = await tokenOf(leaver);
    expect((await t.api(contract.auth.logout, { token: leaver.token })).status).toBe(200);
    expect((await fetch(url(leaver.user.id, token))).status).toBe(401);
  });
});

async function createSignedIn(person: BuiltUser): Promise<BuiltUser> {
  const res = await t.api(contract.auth.login, {
    body: { email: person.user.email, password: preHash(person.password) },
  });
  const body = res.body as { token: string };
  return { ...person, token: body.token };
}

describe("live events", () => {
  it("sends a member the change and their notification, with exactly SPEC §3's fields", async () => {
    const designer = await streamOf(cast.designerOnTeam);
    const task = await buildTask(t, cast.owner, { projectId, title: "Hero banner" });
    const [message] = await designer.next(1);
    const change = changeOf(message);
    expect(change).toMatchObject({ type: "task.created", projectId, actorId: cast.owner.user.id });
    expect(change.subject).toEqual({ type: "task", id: task.id });
    expect(Object.keys(change.notification?.item ?? {}).sort()).toEqual(
      [
        "commentCount",
        "commentTime",
        "commentType",
        "fileName",
        "link",
        "notificationsSeen",
        "taskId",
        "taskName",
        "userFullName",
      ].sort(),
    );
    expect(change.notification?.item).toMatchObject({
      taskName: "Hero banner",
      taskId: task.id,
      userFullName: "Olivia O.",
      commentType: "taskCreated",
      link: `/project/${projectId}/task/${task.id}`,
      notificationsSeen: false,
      fileName: null,
      commentCount: 1,
    });
    expect(change.notification?.unreadCount).toBeGreaterThanOrEqual(1);
    await designer.close();
  });

  it("gives each of several open streams every change once, as its own person sees it", async () => {
    // The viewer has unread notifications; the designer has read theirs: their counts differ.
    await buildTask(t, cast.owner, { projectId, title: "Earlier one" });
    await buildTask(t, cast.owner, { projectId, title: "Earlier two" });
    await t.api(contract.messages.seen, { token: cast.designerOnTeam.token, query: { id: projectId } });
    const designerTabs = [await streamOf(cast.designerOnTeam), await streamOf(cast.designerOnTeam)];
    const viewer = await streamOf(cast.viewer);

    const first = await buildTask(t, cast.owner, { projectId, title: "Seen by three streams" });
    for (const tab of designerTabs) {
      const change = changeOf((await tab.next(1))[0]);
      expect(change.subject?.id).toBe(first.id);
      expect(change.notification?.unreadCount).toBe(1);
    }
    const viewed = changeOf((await viewer.next(1))[0]);
    expect(viewed.subject?.id).toBe(first.id);
    expect(viewed.notification?.unreadCount).toBeGreaterThanOrEqual(3);
    // Nothing twice: the next message of each stream is the next change.
    const second = await buildTask(t, cast.owner, { projectId, title: "And the next one" });
    for (const stream of [...designerTabs, viewer]) {
      expect(changeOf((await stream.next(1))[0]).subject?.id).toBe(second.id);
      await stream.close();
    }
  });

  it("does not notify the actor, and shows no project to someone off it", async () => {
    const owner = await streamOf(cast.owner);
    const stranger = await streamOf(cast.otherCustomer);
    await buildTask(t, cast.owner, { projectId, title: "Own change" });
    const [own] = await owner.next(1);
    expect(changeOf(own).notification).toBeNull();
    // The stranger's next message is their own project's, not ours.
    const theirs = (await buildTeamProject(t, { ...cast, owner: cast.otherCustomer }, { name: "Stranger's" })).id;
    const [first] = await stranger.next(1);
    expect(changeOf(first).projectId).toBe(theirs);
    await owner.close();
    await stranger.close();
  });

  it("redacts for the viewer: a plan change reaches who sees costs, not the viewer", async () => {
    const viewer = await streamOf(cast.viewer);
    const editor = await streamOf(cast.editor);
    const setPlan = await t.api(contract.billing.manualSetup, {
      token: cast.admin.token,
      params: { id: projectId },
      body: { paymentPlan: "PRO_MONTHLY", paymentPlanCurrentPeriodEnd: Math.floor(Date.now() / 1000) + 86_400 },
    });
    expect(setPlan.status).toBe(200);
    const task = await buildTask(t, cast.owner, { projectId, title: "After the plan" });
    const [plan] = await editor.next(1);
    expect(changeOf(plan).type).toBe("billing.planChanged");
    // A new stream starts at what its instance has read of the events, so changes of the cases
    // before may still arrive first on PostgreSQL (the hub learns of commits by NOTIFY). Up to
    // this case's task, none of the viewer's messages may be the plan change, committed before it.
    const viewerChanges: ReturnType<typeof changeOf>[] = [];
    for (;;) {
      const change = changeOf((await viewer.next(1))[0]);
      viewerChanges.push(change);
      if (change.subject?.id === task.id) break;
    }
    expect(viewerChanges.map((change) => change.type)).not.toContain("billing.planChanged");
    expect(viewerChanges.at(-1)).toMatchObject({ type: "task.created", subject: { type: "task", id: task.id } });
    await viewer.close();
    await editor.close();
  });

  it("tells someone removed from a project that they left it, then sends nothing more of it", async () => {
    const leaver = await buildUser(t, { role: "customer", name: "Lee", surname: "Leaver" });
    await t.api(contract.projects.invite, {
      token: cast.admin.token,
      body: { projectId, email: leaver.user.email, role: "viewer" },
    });
    const stream = await streamOf(leaver);
    const removed = await t.api(contract.projects.removeMember, {
      token: cast.admin.token,
      params: { id: projectId, userId: leaver.user.id },
    });
    expect(removed.status).toBe(200);
    await buildTask(t, cast.owner, { projectId, title: "After they left" });
    // They hear that they left, so their open screens let go; then only their own next change.
    const own = (await buildTeamProject(t, { ...cast, owner: leaver }, { name: "Leaver's own" })).id;
    const [left, next] = await stream.next(2);
    expect(changeOf(left)).toMatchObject({
      type: "project.memberRemoved",
      projectId,
      payload: { userId: leaver.user.id },
    });
    expect(changeOf(next).projectId).toBe(own);
    await stream.close();
  });

  it("announces nothing for a transaction that rolled back", async () => {
    const designer = await streamOf(cast.designerOnTeam);
    await expect(
      withTransaction(t.ctx, async (_tx, emit) => {
        emit({
          type: "task.created",
          actorId: cast.owner.user.id,
          projectId,
          subject: null,
          payload: { title: "Rolled back" },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    await buildTask(t, cast.owner, { projectId, title: "Committed" });
    const [first] = await designer.next(1);
    expect(changeOf(first).payload).toEqual({ title: "Committed" });
    await designer.close();
  });
});

describe("designs and comments", () => {
  it("a design upload and a customer's comment reach the designer's open stream as addFile and addComment", async () => {
    const project = await buildTeamProject(t, cast, { name: "Designs live" });
    const task = await buildWorkTask(t, cast, project);
    const owner = await streamOf(cast.owner);
    const key = await uploadImage(t, cast.designerOnTeam, "hero.png");
    const designs = await addDesigns(t, cast.designerOnTeam, task, [key]);
    const [upload] = await owner.next(1);
    expect(changeOf(upload).notification?.item).toMatchObject({
      commentType: "addFile",
      fileName: "hero.png",
      taskId: task.id,
    });
    await owner.close();

    const designer = await streamOf(cast.designerOnTeam);
    const uuid = designs.designerFileList[0]?.uuid ?? "";
    const comment = await t.api(contract.designs.addComment, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: task.id, designerFileUuid: uuid, comment: "Bigger logo, please" },
    });
    expect(comment.status).toBe(200);
    const [message] = await designer.next(1);
    const change = changeOf(message);
    expect(change.type).toBe("comment.added");
    expect(change.notification?.item).toMatchObject({
      commentType: "addComment",
      fileName: "hero.png",
      taskId: task.id,
      userFullName: "Olivia O.",
    });
    await designer.close();
  });
});

describe("the events a call committed", () => {
  it("are named in its answer, so the tab that made them can skip them on its stream; a read names none", async () => {
    const stream = await streamOf(cast.owner);
    const created = await t.api(contract.tasks.create, {
      token: cast.owner.token,
      body: { projectId, title: "Named in the answer" },
    });
    expect(created.status).toBe(200);
    const [own] = await stream.next(1);
    expect(changeOf(own).type).toBe("task.created");
    expect(created.headers[OWN_EVENTS_HEADER]).toBe(own?.id);
    const read = await t.api(contract.tasks.get, {
      token: cast.owner.token,
      params: { id: projectId, taskId: created.body.id },
    });
    expect(read.headers[OWN_EVENTS_HEADER]).toBeUndefined();
    await stream.close();
  });
});

describe("resuming with Last-Event-ID", () => {
  it("delivers what was committed while the stream was down, once each, in order, then live ones", async () => {
    const first = await streamOf(cast.designerOnTeam);
    await buildTask(t, cast.owner, { projectId, title: "Before the drop" });
    const [seen] = await first.next(1);
    await first.close();

    const missed = [];
    for (const title of ["Missed 1", "Missed 2", "Missed 3"])
      missed.push(await buildTask(t, cast.owner, { projectId, title }));

    const resumed = await streamOf(cast.designerOnTeam, seen?.id);
    const caughtUp = await resumed.next(3);
    expect(caughtUp.map((message) => changeOf(message).payload)).toEqual([
      { title: "Missed 1" },
      { title: "Missed 2" },
      { title: "Missed 3" },
    ]);
    const ids = caughtUp.map((message) => Number(message.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(seen?.id));

    await buildTask(t, cast.owner, { projectId, title: "Live again" });
    const [live] = await resumed.next(1);
    expect(changeOf(live).payload).toEqual({ title: "Live again" });
    expect(resumed.received).toHaveLength(4);
    await resumed.close();
  });
});

describe("a stream opened from the point the browser's reads were answered at", () => {
  it("delivers what committed between the read and the stream's opening, and a read that does not ask gets no point", async () => {
    const read = await t.api(contract.tasks.list, {
      token: cast.designerOnTeam.token,
      params: { id: projectId },
      headers: { [STREAM_POINT_HEADER]: "1" },
    });
    expect(read.status).toBe(200);
    const point = String(read.headers[STREAM_POINT_HEADER]);
    expect(point).toMatch(/^\d+$/);
    const plain = await t.api(contract.tasks.list, { token: cast.designerOnTeam.token, params: { id: projectId } });
    expect(plain.headers[STREAM_POINT_HEADER]).toBeUndefined();

    // Committed after the screen's read, before its stream opened: a stream from now misses it.
    await buildTask(t, cast.owner, { projectId, title: "Between read and stream" });
    const token = await tokenOf(cast.designerOnTeam);
    const streamPath = `${base}/chat/channel/${cast.designerOnTeam.user.id}/stream?token=${encodeURIComponent(token)}`;
    const fromNow = await openSse(streamPath);
    const fromPoint = await openSse(`${streamPath}&point=${point}`);
    const [caughtUp] = await fromPoint.next(1);
    expect(changeOf(caughtUp).payload).toEqual({ title: "Between read and stream" });

    await buildTask(t, cast.owner, { projectId, title: "After both opened" });
    const [live] = await fromPoint.next(1);
    expect(changeOf(live).payload).toEqual({ title: "After both opened" });
    const [onlyLive] = await fromNow.next(1);
    expect(changeOf(onlyLive).payload).toEqual({ title: "After both opened" });
    expect(fromPoint.received).toHaveLength(2);
    expect(fromNow.received).toHaveLength(1);
    await fromPoint.close();
    await fromNow.close();
  });
});

describe("resuming with a new token", () => {
  it("takes the last id from the query when a new EventSource cannot send the header", async () => {
    const first = await streamOf(cast.designerOnTeam);
    await buildTask(t, cast.owner, { projectId, title: "Seen before renewal" });
    const [seen] = await first.next(1);
    await first.close();
    await buildTask(t, cast.owner, { projectId, title: "Missed during renewal" });
    const token = await tokenOf(cast.designerOnTeam);
    const resumed = await openSse(
      `${base}/chat/channel/${cast.designerOnTeam.user.id}/stream?token=${encodeURIComponent(token)}&lastEventId=${seen?.id}`,
    );
    const [missed] = await resumed.next(1);
    expect(changeOf(missed).payload).toEqual({ title: "Missed during renewal" });
    await resumed.close();
  });
});

describe("an expiring token", () => {
  it("ends the open stream with a message telling the browser to fetch a new token", async () => {
    const short = await createTestApp({ REALTIME_TOKEN_SECONDS: "1" });
    try {
      const person = await buildUser(short, { role: "designer" });
      const shortBase = await listenOn(short);
      const init = await short.api(contract.realtime.init, { token: person.token, params: { id: person.user.id } });
      const stream = await openSse(`${shortBase}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`);
      const [message] = await stream.next(1);
      expect(message?.id).toBeUndefined();
      expect(message?.data).toEqual({ kind: "tokenExpired" });
      await stream.ended;
      const again = await fetch(`${shortBase}${init.body.streamPath}?token=${encodeURIComponent(init.body.token)}`);
      expect(again.status).toBe(401);
    } finally {
      await short.close();
    }
  });
});
