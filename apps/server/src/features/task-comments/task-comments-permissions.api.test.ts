import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildTask,
  buildTeamWorld,
  type Cast,
  type CastMember,
  statusesByActor,
  TABLE_ACTORS,
} from "../../../test/builders.ts";
import { ok } from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * Issue 29's permission table for the conversation on a task: every call × every kind of actor →
 * the status the API answers. Reading and writing follow the task's designs (the same people may
 * comment); a project the caller cannot see answers 404, a visible comment they may not change 403.
 * Each cell runs on a fresh task without designs holding one comment by the owner.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

interface Scene {
  task: Task;
  commentId: string;
}
const { taskComments } = contract;
const ref = ({ task }: Scene) => ({ projectId: task.projectId, taskId: task.id });

const VIEW = statusesByActor(200, 200, 200, 404, 200, 200, 200, 404);
const ROWS: Array<{
  call: string;
  send: (scene: Scene, token: string | undefined) => Promise<{ status: number }>;
  expected: Record<CastMember, number>;
}> = [
  {
    call: "GET comments",
    send: (s, token) => t.api(taskComments.get, { token, params: { id: s.task.projectId, taskId: s.task.id } }),
    expected: VIEW,
  },
  {
    call: "POST conversation",
    send: (s, token) => t.api(taskComments.add, { token, body: { ...ref(s), comment: "Question about the brief" } }),
    expected: VIEW,
  },
  {
    call: "POST conversation/reply",
    send: (s, token) =>
      t.api(taskComments.reply, { token, body: { ...ref(s), commentId: s.commentId, comment: "Yes" } }),
    expected: VIEW,
  },
  {
    call: "POST conversation/edit (the owner's comment)",
    send: (s, token) =>
      t.api(taskComments.edit, { token, body: { ...ref(s), commentId: s.commentId, comment: "Edited" } }),
    expected: statusesByActor(403, 403, 403, 404, 200, 403, 403, 404),
  },
  {
    call: "POST conversation/remove (the owner's comment)",
    send: (s, token) => t.api(taskComments.remove, { token, body: { ...ref(s), commentId: s.commentId } }),
    expected: statusesByActor(200, 200, 403, 404, 200, 403, 403, 404),
  },
];

async function buildScene(): Promise<Scene> {
  const task = await buildTask(t, cast.owner, { projectId: project.id });
  const comment = ok(
    "owner comments",
    await t.api(taskComments.add, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: task.id, comment: "Hi" },
    }),
  );
  return { task, commentId: comment.id };
}

describe("task conversation permissions", () => {
  for (const row of ROWS) {
    it(`${row.call}: 401 signed out, then by role`, async () => {
      const scene = await buildScene();
      expect((await row.send(scene, undefined)).status).toBe(401);
      const answered: Record<string, number> = {};
      for (const who of TABLE_ACTORS) answered[who] = (await row.send(await buildScene(), cast[who].token)).status;
      expect(answered).toEqual(row.expected);
    });
  }

  it("answers 404 for a comment of another task and for an unknown task", async () => {
    const a = await buildScene();
    const b = await buildScene();
    const other = await t.api(taskComments.reply, {
      token: cast.owner.token,
      body: { ...ref(b), commentId: a.commentId, comment: "Wrong task" },
    });
    expect(other.status).toBe(404);
    const unknown = await t.api(taskComments.get, {
      token: cast.admin.token,
      params: { id: project.id, taskId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(404);
  });

  it("refuses writing on an archived task (412) but still shows it, without the form", async () => {
    const scene = await buildScene();
    ok(
      "archive",
      await t.api(contract.tasks.archive, {
        token: cast.owner.token,
        body: { projectId: project.id, taskId: scene.task.id },
      }),
    );
    const add = await t.api(taskComments.add, { token: cast.owner.token, body: { ...ref(scene), comment: "Late" } });
    expect(add.status).toBe(412);
    const read = ok(
      "read",
      await t.api(taskComments.get, { token: cast.viewer.token, params: { id: project.id, taskId: scene.task.id } }),
    );
    expect(read.threads).toHaveLength(1);
    expect(read.canComment).toBe(false);
  });
});
