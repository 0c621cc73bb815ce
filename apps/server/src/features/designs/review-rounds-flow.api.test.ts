import { contract, type Project, REVIEW_ROUND_MESSAGES } from "@atelier/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast, setStatusAs } from "../../../test/builders.ts";
import { ok } from "../../../test/design-builders.ts";
import {
  buildTaskInReview,
  decide,
  dueInDays,
  roundsNow,
  sendRound,
  taskNow,
} from "../../../test/review-round-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { JOB_SCHEMA } from "../../db/job-schema.ts";
import { notifications, workLog } from "../../db/schema/index.ts";
import { designsPersonalData } from "./personal-data.ts";
import { sendReviewReminders } from "./service/rounds-reminders.ts";

/**
 * Review rounds through the real API (issue 23, part 4): the round's rule decides when the task's
 * existing approval happens (and its work log), requests for changes send it back, direct approval
 * waits for an open round, bad input changes nothing, and the reminder tick mails the day before.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

describe("a round's rule decides the task's approval", () => {
  it("all: approved only when both reviewers approve, logging the work once; direct approval waits", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const { task } = scene;
    const sent = await sendRound(t, cast.owner, scene, { reviewers: [cast.editor, cast.viewer], rule: "all" });
    const round = sent.items[0];
    expect(round).toMatchObject({ number: 1, state: "open", rule: "all" });
    expect(round?.reviewers.map((reviewer) => reviewer.decision)).toEqual(["pending", "pending"]);
    expect(sent.canSend).toBe(false);
    const roundId = round?.id ?? "";

    // While the round is open, neither approve call approves the task.
    const direct = await t.api(contract.designs.approve, {
      token: cast.owner.token,
      params: { id: task.projectId, taskId: task.id },
    });
    expect(direct).toMatchObject({ status: 412, received: { message: REVIEW_ROUND_MESSAGES.approvalHeld } });
    const byStatus = await t.api(contract.tasks.updateStatus, {
      token: cast.admin.token,
      body: { projectId: task.projectId, taskId: task.id, taskStatus: "approved" },
    });
    expect(byStatus.status).toBe(412);

    const first = ok("viewer approves", await decide(t, cast.viewer, task, roundId, "approved", "Lovely"));
    expect(first.items[0]?.state).toBe("open");
    expect(first.items[0]?.reviewers[1]).toMatchObject({ decision: "approved", comment: "Lovely", isMe: true });
    expect((await taskNow(t, cast.owner, task)).status).toBe("review");

    const second = ok("editor approves", await decide(t, cast.editor, task, roundId, "approved"));
    expect(second.items[0]?.state).toBe("approved");
    expect((await taskNow(t, cast.owner, task)).status).toBe("approved");
    const logged = await t.ctx.db.select().from(workLog).where(eq(workLog.taskId, task.id));
    expect(logged).toHaveLength(1);

    // A closed round takes no more decisions.
    const late = await decide(t, cast.viewer, task, roundId, "changesRequested");
    expect(late).toMatchObject({ status: 412, received: { message: REVIEW_ROUND_MESSAGES.roundClosed } });

    // The viewer's decision is theirs: it is in their data export.
    const exported = await designsPersonalData.export(t.ctx.db, {
      id: cast.viewer.user.id,
      email: cast.viewer.user.email,
      role: "customer",
    });
    expect(exported.records.reviewDecisions).toEqual([
      expect.objectContaining({ roundId, taskId: task.id, decision: "approved", comment: "Lovely" }),
    ]);
  });

  it("two last approvals at once approve the task once", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const sent = await sendRound(t, cast.owner, scene, { reviewers: [cast.editor, cast.viewer], rule: "all" });
    const roundId = sent.items[0]?.id ?? "";
    const answers = await Promise.all([
      decide(t, cast.editor, scene.task, roundId, "approved"),
      decide(t, cast.viewer, scene.task, roundId, "approved"),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]?.state).toBe("approved");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("approved");
    const logged = await t.ctx.db.select().from(workLog).where(eq(workLog.taskId, scene.task.id));
    expect(logged).toHaveLength(1);
  });

  it("any: one request for changes keeps the round open; the other's approval approves", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const sent = await sendRound(t, cast.editor, scene, { reviewers: [cast.owner, cast.viewer], rule: "any" });
    const roundId = sent.items[0]?.id ?? "";
    const asked = ok("owner asks", await decide(t, cast.owner, scene.task, roundId, "changesRequested", "Bigger"));
    expect(asked.items[0]?.state).toBe("open");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("review");
    const approved = ok("viewer approves", await decide(t, cast.viewer, scene.task, roundId, "approved"));
    expect(approved.items[0]?.state).toBe("approved");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("approved");
  });

  it("all: the first request for changes closes the round and sends the task back to work", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const sent = await sendRound(t, cast.admin, scene, { reviewers: [cast.owner, cast.viewer], rule: "all" });
    const roundId = sent.items[0]?.id ?? "";
    const asked = ok("viewer asks", await decide(t, cast.viewer, scene.task, roundId, "changesRequested"));
    expect(asked.items[0]?.state).toBe("changesRequested");
    expect((await taskNow(t, cast.owner, scene.task)).status).toBe("inProgress");

    // Back in review, a new round is number 2.
    await setStatusAs(t, cast.designerOnTeam, scene.task, "review");
    const next = await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer] });
    expect(next.items.map((round) => [round.number, round.state])).toEqual([
      [2, "open"],
      [1, "changesRequested"],
    ]);
  });

  it("cancelling leaves the task in review and direct approval open again", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const sent = await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer] });
    const ref = { projectId: scene.task.projectId, taskId: scene.task.id, roundId: sent.items[0]?.id ?? "" };
    const cancelled = ok("cancel", await t.api(contract.reviewRounds.cancel, { token: cast.owner.token, body: ref }));
    expect(cancelled.items[0]?.state).toBe("cancelled");
    expect(cancelled.canSend).toBe(true);
    const again = await t.api(contract.reviewRounds.cancel, { token: cast.owner.token, body: ref });
    expect(again.status).toBe(412);
    const approved = await t.api(contract.designs.approve, {
      token: cast.owner.token,
      params: { id: scene.task.projectId, taskId: scene.task.id },
    });
    expect(approved.status).toBe(200);
  });

  it("a task sent back another way cancels its open round", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer] });
    const feedback = await t.api(contract.designs.feedback, {
      token: cast.editor.token,
      params: { projectId: scene.task.projectId, taskId: scene.task.id, designerFileUuid: scene.designUuid },
      body: { feedback: "changesRequested" },
    });
    expect(feedback.status).toBe(200);
    const rounds = await roundsNow(t, cast.viewer, scene.task);
    expect(rounds.items[0]?.state).toBe("cancelled");
    expect(rounds.items[0]?.abilities.canDecide).toBe(false);
  });
});

describe("what people see and hear", () => {
  it("names are redacted as on the team list; reviewers are notified as asked", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const sent = await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer, cast.editor] });
    expect(sent.items[0]?.reviewers.map((reviewer) => reviewer.secondName)).toEqual(["V.", "E."]);
    const forAdmin = await roundsNow(t, cast.admin, scene.task);
    expect(forAdmin.items[0]?.reviewers.map((reviewer) => reviewer.secondName)).toEqual(["Viewer", "Editor"]);
    const forViewer = await roundsNow(t, cast.viewer, scene.task);
    expect(forViewer.items[0]?.abilities).toEqual({ canDecide: true, canCancel: false });
    expect(forViewer.candidates).toEqual([]);

    const rows = await t.ctx.db
      .select({ userId: notifications.userId, text: notifications.text })
      .from(notifications)
      .where(and(eq(notifications.taskId, scene.task.id), eq(notifications.kind, "reviewRound")));
    const textOf = (id: string) => rows.find((row) => row.userId === id)?.text ?? "";
    expect(textOf(cast.viewer.user.id)).toMatch(/^asked you to review 1 design \(round 1\) by /);
    expect(textOf(cast.designerOnTeam.user.id)).toMatch(/^sent 1 design for review \(round 1\), due /);
    expect(textOf(cast.owner.user.id)).toBe("");
  });

  it("offers the team but the task's designer as candidates to who may send", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const rounds = await roundsNow(t, cast.owner, scene.task);
    expect(rounds.canSend).toBe(true);
    const ids = rounds.candidates.map((candidate) => candidate.userId);
    expect(ids).toEqual(expect.arrayContaining([cast.owner.user.id, cast.editor.user.id, cast.viewer.user.id]));
    expect(ids).not.toContain(cast.designerOnTeam.user.id);
    expect(ids).not.toContain(cast.otherCustomer.user.id);
  });
});

describe("bad input and refused rules change nothing", () => {
  it("answers 400 on the field, 412 for the task's state, 404 for another task's round", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const base = {
      projectId: scene.task.projectId,
      taskId: scene.task.id,
      designerFileUuids: [scene.designUuid],
      reviewerIds: [cast.viewer.user.id],
      rule: "all" as const,
      dueAt: dueInDays(2),
    };
    const send = (body: typeof base) => t.api(contract.reviewRounds.send, { token: cast.owner.token, body });
    const outsider = await send({ ...base, reviewerIds: [cast.viewer.user.id, cast.otherCustomer.user.id] });
    expect(outsider).toMatchObject({
      status: 400,
      received: { fields: { "reviewerIds.1": REVIEW_ROUND_MESSAGES.reviewerNotOnTeam } },
    });
    const designer = await send({ ...base, reviewerIds: [cast.designerOnTeam.user.id] });
    expect(designer).toMatchObject({
      status: 400,
      received: { fields: { "reviewerIds.0": REVIEW_ROUND_MESSAGES.reviewerIsDesigner } },
    });
    const foreignDesign = await send({ ...base, designerFileUuids: [crypto.randomUUID()] });
    expect(foreignDesign).toMatchObject({
      status: 400,
      received: { fields: { "designerFileUuids.0": REVIEW_ROUND_MESSAGES.designNotCurrent } },
    });
    expect((await send({ ...base, dueAt: dueInDays(-1) })).status).toBe(400);
    expect((await send({ ...base, dueAt: dueInDays(2) + 1000 })).status).toBe(400); // not a day's end
    expect((await send({ ...base, reviewerIds: [cast.viewer.user.id, cast.viewer.user.id] })).status).toBe(400);
    expect((await send({ ...base, reviewerIds: [] })).status).toBe(400);
    expect((await roundsNow(t, cast.owner, scene.task)).items).toEqual([]);

    ok("first round", await send(base));
    const twice = await send(base);
    expect(twice).toMatchObject({ status: 412, received: { message: REVIEW_ROUND_MESSAGES.roundAlreadyOpen } });

    const other = await buildTaskInReview(t, cast, project);
    const roundId = (await roundsNow(t, cast.owner, scene.task)).items[0]?.id ?? "";
    const wrongTask = await decide(t, cast.viewer, other.task, roundId, "approved");
    expect(wrongTask.status).toBe(404);
    const unknown = await decide(t, cast.viewer, scene.task, crypto.randomUUID(), "approved");
    expect(unknown.status).toBe(404);
    expect((await roundsNow(t, cast.owner, scene.task)).items[0]?.reviewers[0]?.decision).toBe("pending");
  });

  it("refuses a round for a task that is not in review", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    await setStatusAs(t, cast.owner, scene.task, "inProgress");
    const res = await t.api(contract.reviewRounds.send, {
      token: cast.owner.token,
      body: {
        projectId: scene.task.projectId,
        taskId: scene.task.id,
        designerFileUuids: [scene.designUuid],
        reviewerIds: [cast.viewer.user.id],
        rule: "any",
        dueAt: dueInDays(2),
      },
    });
    expect(res).toMatchObject({ status: 412, received: { message: REVIEW_ROUND_MESSAGES.taskNotInReview } });
  });
});

describe("the reminder the day before the due day", () => {
  it("runs on pg-boss's schedule, hourly", async () => {
    const result = await t.ctx.db.execute(
      sql`select cron, timezone from ${sql.raw(JOB_SCHEMA)}.schedule where name = 'designs.reviewReminders'`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ cron: "7 * * * *", timezone: "UTC" }]);
  });

  // Far-off due days no other test's round shares: a tick claims every round due then.
  it("mails pending reviewers once, from the start of the day before until the due time", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const dueAt = dueInDays(40);
    const sent = await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer, cast.editor], dueAt, rule: "any" });
    ok("editor decides", await decide(t, cast.editor, scene.task, sent.items[0]?.id ?? "", "changesRequested"));
    // 23:59:59 of the due day; the day before starts 47:59:59 earlier.
    const dayBefore = dueAt - 2 * 86_400_000 + 1000;
    const before = (await t.readOutbox()).length;

    expect(await sendReviewReminders(t.ctx, new Date(dayBefore - 60_000))).toBe(0);
    expect(await sendReviewReminders(t.ctx, new Date(dayBefore + 3_600_000))).toBe(1);
    expect(await sendReviewReminders(t.ctx, new Date(dayBefore + 7_200_000))).toBe(0);
    const mails = (await t.readOutbox()).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: cast.viewer.user.email });
    expect(mails[0]?.subject).toMatch(/^Reminder: your review of “.+” is due /);
    expect(mails[0]?.links?.[0]).toContain(`/app/project/${scene.task.projectId}/task/${scene.task.id}`);
  });

  it("sends nothing to who was asked once the day before had begun", async () => {
    const scene = await buildTaskInReview(t, cast, project);
    const dueAt = dueInDays(60);
    await sendRound(t, cast.owner, scene, { reviewers: [cast.viewer], dueAt });
    // The round is stored as sent now; a tick on its day before sees it sent on that very day.
    const dayBefore = dueAt - 2 * 86_400_000 + 1000;
    const sentAt = (at: number) =>
      t.ctx.db.execute(
        sql`update review_rounds set created_at = ${new Date(at).toISOString()}::timestamptz
          where task_id = ${scene.task.id}`,
      );
    await sentAt(dayBefore + 60_000);
    expect(await sendReviewReminders(t.ctx, new Date(dayBefore + 3_600_000))).toBe(0);
    // The same round asked before that day began is reminded.
    await sentAt(dayBefore - 60_000);
    expect(await sendReviewReminders(t.ctx, new Date(dayBefore + 3_600_000))).toBe(1);
  });
});
