import type { Project, Task } from "@atelier/shared";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  buildCast,
  buildTask,
  buildTeamProject,
  type Cast,
  type CastMember,
  setStatusAs,
  startTaskAs,
  uploadAttachment,
} from "../../../test/task-builders.ts";
import { type BuiltUser, createTestApp, type TestApp } from "../../../test/test-app.ts";

/**
 * DESIGN §5's permission table for every task call × every kind of actor → the status the API
 * must answer. A task of a project the caller cannot see answers 404 (never 403); a visible task
 * the caller may not change answers 403. Each cell runs on a fresh task, so no cell depends on another.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  t = await createTestApp();
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast);
});
afterAll(async () => {
  await t.close();
});

const ACTORS: CastMember[] = [
  "admin",
  "projectManager",
  "designerOnTeam",
  "designerOffTeam",
  "owner",
  "editor",
  "viewer",
  "otherCustomer",
];

// Columns in ACTORS order: admin, projectManager, designerOnTeam, designerOffTeam, owner, editor, viewer, otherCustomer.
const statuses = (...codes: number[]): Record<CastMember, number> =>
  Object.fromEntries(ACTORS.map((actor, index) => [actor, codes[index]])) as Record<CastMember, number>;
const VIEW = statuses(200, 200, 200, 404, 200, 200, 200, 404);
const MANAGE = statuses(200, 200, 403, 404, 200, 200, 403, 404);
const WORK = statuses(200, 200, 200, 404, 403, 403, 403, 404);
const STAFF = statuses(200, 200, 403, 404, 403, 403, 403, 404);

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
  request: (scene: Scene) => InjectOptions;
  expected: Record<CastMember, number>;
}

const ref = ({ task }: Scene) => ({ projectId: task.projectId, taskId: task.id });
const post = (url: string, payload: (scene: Scene) => object) => (scene: Scene) =>
  ({ method: "POST", url, payload: payload(scene) }) as InjectOptions;

const ROWS: Row[] = [
  {
    call: "POST /v3/project/task",
    request: post("/v3/project/task", ({ task }) => ({ projectId: task.projectId, title: "Another" })),
    expected: statuses(200, 200, 403, 404, 200, 200, 200, 404),
  },
  {
    call: "GET task",
    request: ({ task }) => ({ method: "GET", url: `/v3/project/${task.projectId}/task/${task.id}` }),
    expected: VIEW,
  },
  {
    call: "POST /v3/project/task/update",
    request: post("/v3/project/task/update", (s) => ({ ...ref(s), title: "Renamed" })),
    expected: MANAGE,
  },
  {
    call: "DELETE /v3/project/{id}/task/{taskId}",
    request: ({ task }) => ({ method: "DELETE", url: `/v3/project/${task.projectId}/task/${task.id}` }),
    expected: MANAGE,
  },
  {
    call: "GET /v3/project/get/{id}/tasks",
    request: ({ task }) => ({ method: "GET", url: `/v3/project/get/${task.projectId}/tasks?sort=priority` }),
    expected: VIEW,
  },
  {
    call: "GET /v3/project/get/{id}/archived-tasks",
    request: ({ task }) => ({ method: "GET", url: `/v3/project/get/${task.projectId}/archived-tasks` }),
    expected: VIEW,
  },
  { call: "POST /v3/project/task/archive", request: post("/v3/project/task/archive", ref), expected: MANAGE },
  {
    call: "POST /v3/project/task/unarchive",
    stage: "archived",
    request: post("/v3/project/task/unarchive", ref),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/updateUserTaskOrder",
    request: () => ({ method: "POST", url: "/v3/project/updateUserTaskOrder?sortType=custom" }),
    expected: statuses(200, 200, 200, 200, 200, 200, 200, 200),
  },
  {
    call: "POST /v3/project/{id}/tasks/reorder",
    request: ({ task, other }) => ({
      method: "POST",
      url: `/v3/project/${task.projectId}/tasks/reorder`,
      payload: { tasks: [{ taskId: task.id, afterTaskId: other.id }] },
    }),
    expected: MANAGE,
  },
  {
    call: "POST start-working-on-task (assigned to the team's designer)",
    stage: "assigned",
    request: ({ task }) => ({
      method: "POST",
      url: `/v3/project/${task.projectId}/task/${task.id}/start-working-on-task/`,
      payload: { estimatedTimeOfCompletion: 12, estimatedWork: 6 },
    }),
    expected: WORK,
  },
  {
    call: "POST updateStatus inProgress → review",
    stage: "started",
    request: post("/v3/project/task/updateStatus", (s) => ({ ...ref(s), taskStatus: "review" })),
    expected: WORK,
  },
  {
    call: "POST updateStatus review → approved",
    stage: "review",
    request: post("/v3/project/task/updateStatus", (s) => ({ ...ref(s), taskStatus: "approved" })),
    expected: MANAGE,
  },
  {
    call: "POST updateStatus review → inProgress (changes requested)",
    stage: "review",
    request: post("/v3/project/task/updateStatus", (s) => ({ ...ref(s), taskStatus: "inProgress" })),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/updateETA",
    stage: "started",
    request: post("/v3/project/task/updateETA", (s) => ({
      ...ref(s),
      estimatedTimeOfCompletion: 48,
      estimatedWork: 20,
    })),
    expected: WORK,
  },
  {
    call: "POST /v3/project/task/setOrUpdateTaskDeadline",
    request: post("/v3/project/task/setOrUpdateTaskDeadline", (s) => ({
      ...ref(s),
      deadline: Date.UTC(2030, 5, 1, 23, 59, 59),
    })),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/updatePriority",
    request: post("/v3/project/task/updatePriority", (s) => ({ ...ref(s), taskPriority: "high" })),
    expected: MANAGE,
  },
  { call: "POST /v3/project/task/seen", request: post("/v3/project/task/seen", ref), expected: VIEW },
  {
    call: "POST /v3/project/task/addDescriptionFiles",
    request: post("/v3/project/task/addDescriptionFiles", (s) => ({ ...ref(s), fileKeys: [s.fileKey] })),
    expected: MANAGE,
  },
  {
    call: "POST /v3/project/task/removeDescriptionFiles",
    stage: "withFile",
    request: post("/v3/project/task/removeDescriptionFiles", (s) => ({
      ...ref(s),
      fileKeys: s.task.descriptionFiles.map((file) => file.key),
    })),
    expected: MANAGE,
  },
  {
    call: "GET /v3/project/list-available-designer",
    request: ({ task }) => ({
      method: "GET",
      url: `/v3/project/list-available-designer?projectId=${task.projectId}&taskId=${task.id}`,
    }),
    expected: STAFF,
  },
  {
    call: "POST /v3/project/assign-designer-on-task",
    request: post("/v3/project/assign-designer-on-task", (s) => ({
      ...ref(s),
      designerId: cast.designerOnTeam.user.id,
    })),
    expected: STAFF,
  },
  {
    call: "GET task history",
    request: ({ task }) => ({ method: "GET", url: `/v3/project/${task.projectId}/task/${task.id}/history` }),
    expected: VIEW,
  },
  {
    call: "GET /v3/tasks/dashboard",
    request: () => ({ method: "GET", url: "/v3/tasks/dashboard" }),
    expected: statuses(200, 200, 200, 200, 403, 403, 403, 403),
  },
  {
    call: "GET /v3/tasks/dashboard/counts",
    request: () => ({ method: "GET", url: "/v3/tasks/dashboard/counts" }),
    expected: statuses(200, 200, 200, 200, 403, 403, 403, 403),
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
    await t.call({
      method: "POST",
      url: "/v3/project/task/archive",
      token: admin.token,
      payload: ref({ task } as Scene),
    });
  }
  if (stage === "withFile") {
    const key = await uploadAttachment(t, admin);
    const res = await t.call({
      method: "POST",
      url: "/v3/project/task/addDescriptionFiles",
      token: admin.token,
      payload: { ...ref({ task } as Scene), fileKeys: [key] },
    });
    task = res.body;
  }
  return { task, other, fileKey: await uploadAttachment(t, actor) };
}

describe("task permission table", () => {
  for (const row of ROWS) {
    describe(row.call, () => {
      it.each(ACTORS)("%s", async (who) => {
        const scene = await buildScene(row.stage, cast[who]);
        const res = await t.call({ ...row.request(scene), token: cast[who].token });
        expect({ who, status: res.status, body: res.status === 200 ? "ok" : res.body }).toMatchObject({
          who,
          status: row.expected[who],
        });
      });

      it("answers 401 without a token", async () => {
        const scene = await buildScene(row.stage, cast.admin);
        const res = await t.call(row.request(scene));
        expect(res.status).toBe(401);
      });
    });
  }

  it("answers 404 for a task id under another project, even to staff", async () => {
    const elsewhere = await buildTeamProject(t, cast, { name: "Elsewhere" });
    const task = await buildTask(t, cast.admin, { projectId: project.id });
    const res = await t.call({
      method: "GET",
      url: `/v3/project/${elsewhere.id}/task/${task.id}`,
      token: cast.admin.token,
    });
    expect(res.status).toBe(404);
    const archive = await t.call({
      method: "POST",
      url: "/v3/project/task/archive",
      token: cast.admin.token,
      payload: { projectId: elsewhere.id, taskId: task.id },
    });
    expect(archive.status).toBe(404);
  });
});
