import { contract, GUEST_MESSAGES, type Project, REVIEW_ROUND_MESSAGES } from "@atelier/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { ok } from "../../../test/design-builders.ts";
import {
  buildTaskInReview,
  decide,
  decideAsGuest,
  dueInDays,
  joinAsGuest,
  roundsNow,
  sendRound,
  taskNow,
} from "../../../test/review-round-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { designGuests, notifications } from "../../db/schema/index.ts";
import { sendReviewReminders } from "./service/rounds-reminders.ts";

/**
 * Guests as reviewers in review rounds (issue 23, parts 3 and 4): who sends a round may ask guests
 * who used one of the task's live links; an asked guest's decision on the guest page counts in the
 * round under its rule; a guest not asked cannot decide while a round is open; a revoked link's
 * guest cannot decide; the reminder reaches pending guests with an unsubscribe link.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

describe("sending a round to guests", () => {
  it("offers the guests of live links, lists them marked as guests, and refuses others on their field", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const guest = await joinAsGuest(t, cast.owner, scene.task);
    const gone = await joinAsGuest(t, cast.owner, scene.task);
    ok(
      "revoke",
      await t.api(contract.guestShares.revoke, {
        token: cast.owner.token,
        body: { projectId: project.id, taskId: scene.task.id, shareId: gone.shareId },
      }),
    );
    const elsewhere = await buildTaskInReview(t, cast, project);
    const stranger = await joinAsGuest(t, cast.owner, elsewhere.task);

    const before = await roundsNow(t, cast.owner, scene.task);
    expect(before.guestCandidates.map((candidate) => candidate.guestId)).toEqual([guest.guestId]);
    expect((await roundsNow(t, cast.viewer, scene.task)).guestCandidates).toEqual([]);

    const refused = await t.api(contract.reviewRounds.send, {
      token: cast.owner.token,
      body: {
        projectId: project.id,
        taskId: scene.task.id,
        designerFileUuids: [scene.designUuid],
        reviewerIds: [],
        guestIds: [guest.guestId, gone.guestId, stranger.guestId],
        rule: "any",
        dueAt: dueInDays(3),
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.error.fields).toEqual({
      "guestIds.1": REVIEW_ROUND_MESSAGES.guestNotOnLink,
      "guestIds.2": REVIEW_ROUND_MESSAGES.guestNotOnLink,
    });
    expect((await roundsNow(t, cast.owner, scene.task)).items).toEqual([]);

    const noOne = await t.api(contract.reviewRounds.send, {
      token: cast.owner.token,
      body: {
        projectId: project.id,
        taskId: scene.task.id,
        designerFileUuids: [scene.designUuid],
        reviewerIds: [],
        guestIds: [],
        rule: "any",
        dueAt: dueInDays(3),
      },
    });
    expect(noOne.status).toBe(400);
    expect(Object.keys(noOne.error.fields ?? {})).toEqual(["reviewerIds"]);

    const sent = await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer], guestIds: [guest.guestId] });
    expect(sent.items[0]?.reviewers).toEqual([
      expect.objectContaining({ userId: cast.viewer.user.id, guestId: null }),
      expect.objectContaining({
        userId: null,
        guestId: guest.guestId,
        firstName: guest.name,
        secondName: "",
        decision: "pending",
        isMe: false,
      }),
    ]);
  });
});

describe("a guest's decision counts in the round", () => {
  it("all: the guest's approval with the member's approves the task; the guest page shows the round", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const guest = await joinAsGuest(t, cast.owner, scene.task);
    const sent = await sendRound(t, cast.owner, scene, {
      reviewers: [cast.viewer],
      guestIds: [guest.guestId],
      rule: "all",
    });
    const roundId = sent.items[0]?.id ?? "";

    const page = ok(
      "review",
      await t.api(contract.guestReview.review, { headers: { "guest-token": guest.guestToken } }),
    );
    expect(page).toMatchObject({ canDecide: true, reviewRound: { number: 1, decision: "pending" } });

    const first = ok("guest approves", await decideAsGuest(t, guest.guestToken, "approved"));
    expect(first).toMatchObject({ taskStatus: "review", reviewRound: { decision: "approved" } });
    // The team hears of it as of a guest's comment: no actor, the guest named and marked.
    const heard = await t.ctx.db
      .select({ text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.taskId, scene.task.id), eq(notifications.userId, cast.owner.user.id)));
    expect(heard.map((row) => row.text)).toContain(`(guest ${guest.name}) approved in review round 1`);
    const history = ok(
      "history",
      await t.api(contract.tasks.history, {
        token: cast.viewer.token,
        params: { id: project.id, taskId: scene.task.id },
      }),
    );
    expect(history.items.map((item) => item.text)).toContain(`${guest.name} (guest) approved in review round 1`);
    const rounds = await roundsNow(t, cast.owner, scene.task);
    expect(rounds.items[0]).toMatchObject({ state: "open" });
    expect(rounds.items[0]?.reviewers[1]).toMatchObject({ guestId: guest.guestId, decision: "approved" });
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("review");

    ok("viewer approves", await decide(t, cast.viewer, scene.task, roundId, "approved"));
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]?.state).toBe("approved");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("approved");
  });

  it("any: one guest's request for changes waits; the other guest's approval approves", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const first = await joinAsGuest(t, cast.owner, scene.task);
    const second = await joinAsGuest(t, cast.editor, scene.task);
    await sendRound(t, cast.owner, scene, { reviewers: [], guestIds: [first.guestId, second.guestId], rule: "any" });

    ok("first asks for changes", await decideAsGuest(t, first.guestToken, "changesRequested"));
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("review");
    const done = ok("second approves", await decideAsGuest(t, second.guestToken, "approved"));
    expect(done).toMatchObject({ taskStatus: "approved", reviewRound: null, canDecide: false });
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]?.state).toBe("approved");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("approved");
  });

  it("all: a guest's request for changes sends the task back to work", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const guest = await joinAsGuest(t, cast.owner, scene.task);
    await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer], guestIds: [guest.guestId], rule: "all" });
    ok("guest asks for changes", await decideAsGuest(t, guest.guestToken, "changesRequested"));
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]?.state).toBe("changesRequested");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("inProgress");
  });
});

describe("guests who may not decide", () => {
  it("a guest not asked cannot decide while a round is open, even on a link that allows decisions", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const asked = await joinAsGuest(t, cast.owner, scene.task);
    const other = await joinAsGuest(t, cast.owner, scene.task, { allowDecision: true });
    await sendRound(t, cast.owner, scene, { reviewers: [], guestIds: [asked.guestId], rule: "any" });

    const page = ok(
      "review",
      await t.api(contract.guestReview.review, { headers: { "guest-token": other.guestToken } }),
    );
    expect(page).toMatchObject({ canDecide: false, reviewRound: null });
    const refused = await decideAsGuest(t, other.guestToken, "changesRequested");
    expect(refused).toMatchObject({ status: 412, received: { message: REVIEW_ROUND_MESSAGES.approvalHeld } });
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("review");
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]).toMatchObject({ state: "open" });
  });

  it("a guest whose link was revoked cannot decide in the round", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const guest = await joinAsGuest(t, cast.owner, scene.task);
    await sendRound(t, cast.owner, scene, { reviewers: [], guestIds: [guest.guestId], rule: "any" });
    ok(
      "revoke",
      await t.api(contract.guestShares.revoke, {
        token: cast.editor.token,
        body: { projectId: project.id, taskId: scene.task.id, shareId: guest.shareId },
      }),
    );
    const refused = await decideAsGuest(t, guest.guestToken, "approved");
    expect(refused).toMatchObject({ status: 412, received: { message: GUEST_MESSAGES.linkRevoked } });
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]?.reviewers[0]).toMatchObject({ decision: "pending" });
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("review");
  });
});

describe("the reminder to pending guests", () => {
  // A far-off due day no other test's round shares: a tick claims every round due then.
  it("mails a pending guest once, with an unsubscribe link and no review link", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const guest = await joinAsGuest(t, cast.owner, scene.task);
    const unsubscribed = await joinAsGuest(t, cast.owner, scene.task);
    const dueAt = dueInDays(45);
    await sendRound(t, cast.owner, scene, {
      reviewers: [],
      guestIds: [guest.guestId, unsubscribed.guestId],
      dueAt,
      rule: "all",
    });
    await t.ctx.db
      .update(designGuests)
      .set({ unsubscribedAt: new Date() })
      .where(eq(designGuests.id, unsubscribed.guestId));
    const dayBefore = dueAt - 2 * 86_400_000 + 1000;
    const before = (await t.readOutbox()).length;
    expect(await sendReviewReminders(t.ctx, new Date(dayBefore + 3_600_000))).toBe(1);
    expect(await sendReviewReminders(t.ctx, new Date(dayBefore + 7_200_000))).toBe(0);
    const mails = (await t.readOutbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: guest.email });
    expect(mails[0]?.subject).toMatch(/^Reminder: your review of “.+” is due /);
    expect(mails[0]?.links).toHaveLength(1);
    expect(mails[0]?.links?.[0]).toMatch(/\/app\/review\/unsubscribe#[A-Za-z0-9_-]{43}$/);
    expect(mails[0]?.text).not.toContain("/app/project/");

    const stop = mails[0]?.links?.[0]?.split("#")[1] ?? "";
    // The link is the guest e-mails' own unsubscribe (it stops the reply e-mails too).
    ok("unsubscribe", await t.api(contract.guestReview.unsubscribe, { body: { token: stop } }));
  });
});
