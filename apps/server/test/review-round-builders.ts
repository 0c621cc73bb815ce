import { contract, deadlineForDay, type Project, type Task, type TaskReviewRounds } from "@atelier/shared";
import type { BuiltUser, Cast } from "./builders.ts";
import { setStatusAs } from "./builders.ts";
import { addDesigns, buildWorkTask, ok, uploadImage } from "./design-builders.ts";
import type { TestApp } from "./test-app.ts";

/** Builders for the review rounds tests (issue 23, part 4), beside design-builders.ts. */

const DAY_MS = 86_400_000;

/** The due value of the day `days` after today (23:59:59 UTC of it), as the round's dueAt. */
export function dueInDays(days: number, from = Date.now()): number {
  const day = new Date(from + days * DAY_MS);
  return deadlineForDay(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

let seed = 500;

/** A task of the project with one design by the team's designer, submitted for review. */
export async function buildTaskInReview(
  t: TestApp,
  cast: Cast,
  project: Project,
): Promise<{ task: Task; designUuid: string }> {
  const task = await buildWorkTask(t, cast, project);
  seed += 1;
  const key = await uploadImage(t, cast.designerOnTeam, `round-${seed}.png`, seed);
  const added = await addDesigns(t, cast.designerOnTeam, task, [key]);
  const designUuid = added.designerFileList[0]?.uuid;
  if (!designUuid) throw new Error("no designer file");
  return { task: await setStatusAs(t, cast.designerOnTeam, task, "review"), designUuid };
}

export async function sendRound(
  t: TestApp,
  by: BuiltUser,
  scene: { task: Task; designUuid: string },
  options: { reviewers: BuiltUser[]; guestIds?: string[]; rule?: "any" | "all"; dueAt?: number },
): Promise<TaskReviewRounds> {
  return ok(
    "send round",
    await t.api(contract.reviewRounds.send, {
      token: by.token,
      body: {
        projectId: scene.task.projectId,
        taskId: scene.task.id,
        designerFileUuids: [scene.designUuid],
        reviewerIds: options.reviewers.map((reviewer) => reviewer.user.id),
        guestIds: options.guestIds ?? [],
        rule: options.rule ?? "all",
        dueAt: options.dueAt ?? dueInDays(3),
      },
    }),
  );
}

export function decide(
  t: TestApp,
  by: BuiltUser,
  task: Task,
  roundId: string,
  decision: "approved" | "changesRequested",
  comment?: string,
) {
  return t.api(contract.reviewRounds.decide, {
    token: by.token,
    body: { projectId: task.projectId, taskId: task.id, roundId, decision, ...(comment ? { comment } : {}) },
  });
}

export async function taskNow(t: TestApp, by: BuiltUser, task: Task): Promise<Task> {
  return ok(
    "get task",
    await t.api(contract.tasks.get, { token: by.token, params: { id: task.projectId, taskId: task.id } }),
  );
}

export async function roundsNow(t: TestApp, by: BuiltUser, task: Task): Promise<TaskReviewRounds> {
  return ok(
    "list rounds",
    await t.api(contract.reviewRounds.list, { token: by.token, params: { id: task.projectId, taskId: task.id } }),
  );
}

let guestSeed = 0;

/** A guest who joined a new link of the task (shared by `by`): their id, token and link's id. */
export async function joinAsGuest(
  t: TestApp,
  by: BuiltUser,
  task: Task,
  options: { allowDecision?: boolean } = {},
): Promise<{ guestId: string; guestToken: string; shareId: string; name: string; email: string }> {
  const share = ok(
    "share",
    await t.api(contract.guestShares.create, {
      token: by.token,
      body: { projectId: task.projectId, taskId: task.id, allowDecision: options.allowDecision ?? false },
    }),
  );
  guestSeed += 1;
  const email = `round-guest-${guestSeed}@example.com`;
  const name = `Guest ${guestSeed}`;
  const joined = ok(
    "join",
    await t.api(contract.guestReview.join, {
      body: { link: share.link, name, email, password: null },
    }),
  );
  return { guestId: joined.guest.id, guestToken: joined.guestToken, shareId: share.share.id, name, email };
}

export function decideAsGuest(t: TestApp, guestToken: string, decision: "approved" | "changesRequested") {
  return t.api(contract.guestReview.decide, { headers: { "guest-token": guestToken }, body: { decision } });
}
