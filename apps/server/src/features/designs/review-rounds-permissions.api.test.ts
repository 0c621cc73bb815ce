import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BuiltUser,
  buildTask,
  buildTeamProject,
  buildTeamWorld,
  type Cast,
  type CastMember,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import {
  buildTaskInReview,
  dueInDays,
  joinAsGuest,
  roundsNow,
  sendRound,
} from "../../../test/review-round-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * Review rounds' permission table (issue 23, part 4): every call × every kind of actor. A task of
 * a project the caller cannot see answers 404; a visible round the caller may not act on, 403.
 * Reviewers are the editor and the viewer (rule "all", so one decision leaves the round open). An
 * allowed cell runs on a fresh task in review (with an open round where the call needs one); the
 * refused and signed-out cells share one, and the last test checks it is as it was built. Send
 * asks a member and a guest who used one of the task's links (the guest joins when the scene is built).
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

const VIEW = statusesByActor(200, 200, 200, 404, 200, 200, 200, 404);
const MANAGE = statusesByActor(200, 200, 403, 404, 200, 200, 403, 404);
// Only the reviewers asked decide; staff who are not asked do not decide for them.
const DECIDE = statusesByActor(403, 403, 403, 404, 403, 200, 200, 404);

interface Scene {
  task: Task;
  designUuid: string;
  roundId: string;
  guestId: string;
}
interface Row {
  call: string;
  /** the call needs an open round on the task */
  withRound: boolean;
  send: (scene: Scene, token: string | undefined) => Promise<{ status: number; received: unknown }>;
  expected: Record<CastMember, number>;
}

const ref = ({ task }: Scene) => ({ projectId: task.projectId, taskId: task.id });
const { reviewRounds } = contract;

const ROWS: Row[] = [
  {
    call: "GET review-rounds",
    withRound: true,
    send: (s, token) => t.api(reviewRounds.list, { token, params: { id: s.task.projectId, taskId: s.task.id } }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/review-round",
    withRound: false,
    send: (s, token) =>
      t.api(reviewRounds.send, {
        token,
        body: {
          ...ref(s),
          designerFileUuids: [s.designUuid],
          reviewerIds: [cast.viewer.user.id],
          guestIds: [s.guestId],
          rule: "any",
          dueAt: dueInDays(3),
        },
      }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/review-round/decide",
    withRound: true,
    send: (s, token) =>
      t.api(reviewRounds.decide, { token, body: { ...ref(s), roundId: s.roundId, decision: "approved" } }),
    expected: DECIDE,
  },
  {
    call: "POST /v3/project/task/review-round/cancel",
    withRound: true,
    send: (s, token) => t.api(reviewRounds.cancel, { token, body: { ...ref(s), roundId: s.roundId } }),
    expected: MANAGE,
  },
];

async function buildScene(withRound: boolean): Promise<Scene> {
  const scene = await buildTaskInReview(t, cast, project);
  if (!withRound) return { ...scene, roundId: "", guestId: (await joinAsGuest(t, cast.owner, scene.task)).guestId };
  const rounds = await sendRound(t, cast.owner, scene, { reviewers: [cast.editor, cast.viewer], rule: "all" });
  return {
    ...scene,
    roundId: rounds.items[0]?.id ?? "",
    guestId: (await joinAsGuest(t, cast.owner, scene.task)).guestId,
  };
}

/** The task refused calls run on: in review with an open round, built at first use. */
let shared: { scene: Scene; asBuilt: unknown } | undefined;
async function sharedScene(): Promise<Scene> {
  if (!shared) {
    const scene = await buildScene(true);
    shared = { scene, asBuilt: await sharedNow(scene.task) };
  }
  return shared.scene;
}

async function sharedNow(task: Task) {
  const params = { id: task.projectId, taskId: task.id };
  const got = await t.api(contract.tasks.get, { token: cast.admin.token, params });
  return { task: got.body, rounds: await roundsNow(t, cast.admin, task) };
}

describe("review rounds permission table", () => {
  for (const row of ROWS) {
    describe(row.call, () => {
      it.each(TABLE_ACTORS)("%s", async (who) => {
        const actor: BuiltUser = cast[who];
        const allowed = row.expected[who] < 300;
        const scene = allowed ? await buildScene(row.withRound) : await sharedScene();
        const res = await row.send(scene, actor.token);
        expect({ who, status: res.status, body: res.status === 200 ? "ok" : res.received }).toMatchObject({
          who,
          status: row.expected[who],
        });
      });

      it("answers 401 without a token", async () => {
        const res = await row.send(await sharedScene(), undefined);
        expect(res.status).toBe(401);
      });
    });
  }

  it("the refused and signed-out calls left the shared task and its round as they were", async () => {
    if (!shared) throw new Error("no shared scene");
    expect(await sharedNow(shared.scene.task)).toEqual(shared.asBuilt);
  });

  it("answers 404 for a task under another project, even to staff", async () => {
    const elsewhere = await buildTeamProject(t, cast, { name: "Elsewhere" });
    const task = await buildTask(t, cast.admin, { projectId: project.id });
    const res = await t.api(reviewRounds.list, {
      token: cast.admin.token,
      params: { id: elsewhere.id, taskId: task.id },
    });
    expect(res.status).toBe(404);
  });
});
