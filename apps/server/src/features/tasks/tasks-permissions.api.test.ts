import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  type BuiltUser,
  buildTask,
  buildTeamProject,
  buildTeamWorld,
  type Cast,
  type CastMember,
  setStatusAs,
  startTaskAs,
  statusesByActor,
  TABLE_ACTORS,
  uploadAttachment,
} from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * DESIGN §5's permission table for every task call × every kind of actor → the status the API
 * must answer. A task of a project the caller cannot see answers 404 (never 403); a visible task
 * the caller may not change answers 403. A cell whose call is allowed runs on a fresh task, so no
 * cell depends on another; a refused or signed-out call must change nothing, so those cells share
 * one task per stage, built once, and the last test checks those tasks are as they were built.
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
const WORK = statusesByActor(200, 200, 200, 404, 403, 403, 403, 404);
const STAFF = statusesByActor(200, 200, 403, 404, 403, 403, 403, 404);

interface Scene {
  task: Task;
  /** a second active task of the project */
  other: Task;
  /** an upload made by the acting user */
  fileKey: string;
}
type Stage = "todo" | "assigned" | "started" | "review" | "archived" | "withFile";
interface Row {
  call: string;
  stage?: Stage;
  /** the call as `token` (none: signed out) */
  send: (scene: Scene, token: string | undefined) => Promise<{ status: number; received: unknown }>;
  expected: Record<CastMember, number>;
}

const ref = ({ task }: Scene) => ({ projectId: task.projectId, taskId: task.id });
const taskParams = ({ task }: Scene) => ({ id: task.projectId, taskId: task.id });
const { tasks } = contract;

const ROWS: Row[] = [
  {
    call: "POST /v3/project/task",
    send: ({ task }, token) => t.api(tasks.create, { token, body: { projectId: task.projectId, title: "Another" } }),
    expected: statusesByActor(200, 200, 403, 404, 200, 200, 200, 404),
  },
  {
    call: "GET task",
    send: (s, token) => t.api(tasks.get, { token, params: taskParams(s) }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/update",
    send: (s, token) => t.api(tasks.update, { token, body: { ...ref(s), title: "Renamed" } }),
    expected: MANAGE,
  },
  {
    call: "DELETE /v3/project/{id}/task/{taskId}",
    send: (s, token) => t.api(tasks.remove, { token, params: taskParams(s) }),
    expected: MANAGE,
  },
  {
    call: "GET /v3/project/get/{id}/tasks",
    send: ({ task }, token) =>
      t.api(tasks.list, { token, params: { id: task.projectId }, query: { sort: "priority" } }),
    expected: VIEW,
  },
  {
    call: "GET /v3/project/get/{id}/archived-tasks",
    send: ({ task }, token) => t.api(tasks.listArchived, { token, params: { id: task.projectId } }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/archive",
    send: (s, token) => t.api(tasks.archive, { token, body: ref(s) }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/unarchive",
    stage: "archived",
    send: (s, token) => t.api(tasks.unarchive, { token, body: ref(s) }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/updateUserTaskOrder",
    send: (_, token) => t.api(tasks.updateUserTaskOrder, { token, query: { sortType: "custom" } }),
    expected: statusesByActor(200, 200, 200, 200, 200, 200, 200, 200),
  },
  {
    call: "POST /v3/project/{id}/tasks/reorder",
    send: ({ task, other }, token) =>
      t.api(tasks.reorder, {
        token,
        params: { id: task.projectId },
        body: { tasks: [{ taskId: task.id, afterTaskId: other.id }] },
      }),
    expected: MANAGE,
  },
  {
    call: "POST start-working-on-task (assigned to the team's designer)",
    stage: "assigned",
    send: (s, token) =>
      t.api(tasks.start, { token, params: taskParams(s), body: { estimatedTimeOfCompletion: 12, estimatedWork: 6 } }),
    expected: WORK,
  },
  {
    call: "POST updateStatus inProgress → review",
    stage: "started",
    send: (s, token) => t.api(tasks.updateStatus, { token, body: { ...ref(s), taskStatus: "review" } }),
    expected: WORK,
  },
  {
    call: "POST updateStatus review → approved",
    stage: "review",
    send: (s, token) => t.api(tasks.updateStatus, { token, body: { ...ref(s), taskStatus: "approved" } }),
    expected: MANAGE,
  },
  {
    call: "POST updateStatus review → inProgress (changes requested)",
    stage: "review",
    send: (s, token) => t.api(tasks.updateStatus, { token, body: { ...ref(s), taskStatus: "inProgress" } }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/updateETA",
    stage: "started",
    send: (s, token) =>
      t.api(tasks.updateEstimates, {
        token,
        body: { ...ref(s), estimatedTimeOfCompletion: 48, estimatedWork: 20 },
      }),
    expected: WORK,
  },
  {
    call: "POST /v3/project/task/setOrUpdateTaskDeadline",
    send: (s, token) =>
      t.api(tasks.setDeadline, { token, body: { ...ref(s), deadline: Date.UTC(2030, 5, 1, 23, 59, 59) } }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/updatePriority",
    send: (s, token) => t.api(tasks.updatePriority, { token, body: { ...ref(s), taskPriority: "high" } }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/seen",
    send: (s, token) => t.api(tasks.seen, { token, body: ref(s) }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/addDescriptionFiles",
    send: (s, token) => t.api(tasks.addDescriptionFiles, { token, body: { ...ref(s), fileKeys: [s.fileKey] } }),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/removeDescriptionFiles",
    stage: "withFile",
    send: (s, token) =>
      t.api(tasks.removeDescriptionFiles, {
        token,
        body: { ...ref(s), fileKeys: s.task.descriptionFiles.map((file) => file.key) },
      }),
    expected: MANAGE,
  },
  {
    call: "GET /v3/project/list-available-designer",
    send: ({ task }, token) =>
      t.api(tasks.listAvailableDesigners, { token, query: { projectId: task.projectId, taskId: task.id } }),
    expected: STAFF,
  },
  {
    call: "POST /v3/project/assign-designer-on-task",
    send: (s, token) =>
      t.api(tasks.assignDesigner, { token, body: { ...ref(s), designerId: cast.designerOnTeam.user.id } }),
    expected: STAFF,
  },
  {
    call: "GET task history",
    send: (s, token) => t.api(tasks.history, { token, params: taskParams(s) }),
    expected: VIEW,
  },
  {
    call: "GET /v3/tasks/dashboard",
    send: (_, token) => t.api(tasks.dashboard, { token }),
    expected: statusesByActor(200, 200, 200, 200, 403, 403, 403, 403),
  },
  {
    call: "GET /v3/tasks/dashboard/counts",
    send: (_, token) => t.api(tasks.dashboardCounts, { token }),
    expected: statusesByActor(200, 200, 200, 200, 403, 403, 403, 403),
  },
];

async function buildScene(stage: Stage | undefined, actor: BuiltUser): Promise<Scene> {
  const admin = cast.admin;
  const other = await buildTask(t, admin, { projectId: project.id });
  let task = await buildTask(t, admin, { projectId: project.id });
  if (stage === "assigned" || stage === "started" || stage === "review") {
    task = await assignTask(t, admin, task, cast.designerOnTeam);
  }
  if (stage === "started" || stage === "review") task = await startTaskAs(t, admin, task);
  if (stage === "review") task = await setStatusAs(t, admin, task, "review");
  if (stage === "archived") {
    const archived = await t.api(contract.tasks.archive, {
      token: admin.token,
      body: { projectId: task.projectId, taskId: task.id },
    });
    expect(archived.status).toBe(200);
  }
  if (stage === "withFile") {
    const key = await uploadAttachment(t, admin);
    const res = await t.api(contract.tasks.addDescriptionFiles, {
      token: admin.token,
      body: { projectId: task.projectId, taskId: task.id, fileKeys: [key] },
    });
    task = res.body;
  }
  return { task, other, fileKey: await uploadAttachment(t, actor) };
}

/** The tasks refused calls run on: one per stage, built at first use, with each actor's upload. */
const sharedScenes = new Map<Stage | "todo", { scene: Omit<Scene, "fileKey">; asBuilt: unknown }>();
const sharedUploads = new Map<CastMember, string>();

async function sharedScene(stage: Stage | undefined, who: CastMember): Promise<Scene> {
  let shared = sharedScenes.get(stage ?? "todo");
  if (!shared) {
    const { task, other } = await buildScene(stage, cast.admin);
    shared = { scene: { task, other }, asBuilt: await sharedTaskNow(task) };
    sharedScenes.set(stage ?? "todo", shared);
  }
  let fileKey = sharedUploads.get(who);
  if (!fileKey) {
    fileKey = await uploadAttachment(t, cast[who]);
    sharedUploads.set(who, fileKey);
  }
  return { ...shared.scene, fileKey };
}

/** A shared task as the admin sees it, with its history. */
async function sharedTaskNow(task: Task) {
  const params = { id: task.projectId, taskId: task.id };
  const got = await t.api(contract.tasks.get, { token: cast.admin.token, params });
  const history = await t.api(contract.tasks.history, { token: cast.admin.token, params });
  return { task: got.body, history: history.body };
}

describe("task permission table", () => {
  for (const row of ROWS) {
    describe(row.call, () => {
      it.each(TABLE_ACTORS)("%s", async (who) => {
        const allowed = row.expected[who] < 300;
        const scene = allowed ? await buildScene(row.stage, cast[who]) : await sharedScene(row.stage, who);
        const res = await row.send(scene, cast[who].token);
        expect({ who, status: res.status, body: res.status === 200 ? "ok" : res.received }).toMatchObject({
          who,
          status: row.expected[who],
        });
      });

      it("answers 401 without a token", async () => {
        const scene = await sharedScene(row.stage, "admin");
        const res = await row.send(scene, undefined);
        expect(res.status).toBe(401);
      });
    });
  }

  it("the refused and signed-out calls left the shared tasks as they were", async () => {
    expect(sharedScenes.size).toBeGreaterThan(0);
    for (const { scene, asBuilt } of sharedScenes.values()) expect(await sharedTaskNow(scene.task)).toEqual(asBuilt);
  });

  it("answers 404 for a task id under another project, even to staff", async () => {
    const elsewhere = await buildTeamProject(t, cast, { name: "Elsewhere" });
    const task = await buildTask(t, cast.admin, { projectId: project.id });
    const res = await t.api(contract.tasks.get, {
      params: { id: elsewhere.id, taskId: task.id },
      token: cast.admin.token,
    });
    expect(res.status).toBe(404);
    const archive = await t.api(contract.tasks.archive, {
      token: cast.admin.token,
      body: { projectId: elsewhere.id, taskId: task.id },
    });
    expect(archive.status).toBe(404);
  });
});
