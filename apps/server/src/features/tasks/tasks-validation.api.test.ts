import {
  contract,
  type Endpoint,
  MESSAGES,
  type Project,
  TASK_FILES_MAX,
  TASK_MESSAGES,
  TASK_TITLE_MAX,
  type Task,
} from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiResponse } from "../../../test/api-client.ts";
import {
  assignTask,
  buildTask,
  buildTeamWorld,
  type Cast,
  startTaskAs,
  uploadAttachment,
} from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/** Bad input answers 400 with `fields` naming what is wrong, and changes nothing. */

let t: TestApp;
let cast: Cast;
let project: Project;
let todo: Task;
let started: Task;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  todo = await assignTask(
    t,
    cast.admin,
    await buildTask(t, cast.owner, { projectId: project.id, title: "Todo" }),
    cast.designerOnTeam,
  );
  started = await startTaskAs(
    t,
    cast.designerOnTeam,
    await assignTask(t, cast.admin, await buildTask(t, cast.owner, { projectId: project.id }), cast.designerOnTeam),
  );
});
afterAll(() => t.close());

// Raw: these calls send what the contract refuses (too long, wrong type, out of range).
const post = (
  endpoint: Endpoint,
  body: object,
  token = cast.owner.token,
  params?: Record<string, string>,
): Promise<ApiResponse<unknown>> => t.raw(endpoint, { body, token, ...(params ? { params } : {}) });

/** What a user could notice changing: the project's counts and every task as staff see it. */
async function snapshot() {
  const projectRes = await t.api(contract.projects.get, { params: { id: project.id }, token: cast.admin.token });
  const list = await t.api(contract.tasks.list, {
    params: { id: project.id },
    query: { limit: 100 },
    token: cast.admin.token,
  });
  return { counts: [projectRes.body.taskCount, projectRes.body.countArchivedTasks], tasks: list.body.items };
}

async function expectRefused(request: Promise<ApiResponse<unknown>>, fields: Record<string, unknown>) {
  const before = await snapshot();
  const res = await request;
  expect(res.status).toBe(400);
  expect(res.error.code).toBe("BAD_INPUT");
  expect(res.error.fields).toEqual(fields);
  expect(await snapshot()).toEqual(before);
}

describe("creating a task", () => {
  it("refuses a 10,000-character title, an empty one, and an over-long description", async () => {
    await expectRefused(post(contract.tasks.create, { projectId: project.id, title: "x".repeat(10_000) }), {
      title: `Title must be at most ${TASK_TITLE_MAX} characters`,
    });
    await expectRefused(post(contract.tasks.create, { projectId: project.id, title: "   " }), {
      title: "Title is required",
    });
    await expectRefused(
      post(contract.tasks.create, { projectId: project.id, title: "Fine", description: "d".repeat(10_001) }),
      { description: expect.stringContaining("at most") },
    );
  });

  it("refuses an unknown priority, a deadline that is not the end of a day, and a bad project id", async () => {
    await expectRefused(post(contract.tasks.create, { projectId: project.id, title: "Fine", priority: "asap" }), {
      priority: expect.any(String),
    });
    await expectRefused(
      post(contract.tasks.create, { projectId: project.id, title: "Fine", deadline: Date.UTC(2030, 0, 1, 12) }),
      { deadline: "Deadline must be the end of a day (23:59:59 UTC)" },
    );
    await expectRefused(post(contract.tasks.create, { projectId: "nope", title: "Fine" }), {
      projectId: "Must be a valid id",
    });
  });

  it("refuses another user's upload and an unknown key, naming each bad key, and creates nothing", async () => {
    const mine = await uploadAttachment(t, cast.owner, "mine.txt");
    const theirs = await uploadAttachment(t, cast.editor, "theirs.txt");
    const unknown = "A".repeat(24);
    await expectRefused(
      post(contract.tasks.create, {
        projectId: project.id,
        title: "With files",
        descriptionFileKeys: [mine, theirs, unknown],
      }),
      { "descriptionFileKeys.1": TASK_MESSAGES.fileNotYours, "descriptionFileKeys.2": TASK_MESSAGES.fileNotYours },
    );
    await expectRefused(
      post(contract.tasks.create, { projectId: project.id, title: "Bad key", descriptionFileKeys: ["../etc"] }),
      {
        "descriptionFileKeys.0": "Must be a file key",
      },
    );
  });

  it("refuses more than the allowed number of files", async () => {
    const keys = Array.from({ length: TASK_FILES_MAX + 1 }, (_, index) => `${"k".repeat(23)}${index % 10}${index}`);
    await expectRefused(
      post(contract.tasks.create, { projectId: project.id, title: "Many", descriptionFileKeys: keys }),
      {
        descriptionFileKeys: `At most ${TASK_FILES_MAX} files`,
      },
    );
  });
});

describe("changing a task", () => {
  it("refuses an unknown status", async () => {
    await expectRefused(
      post(contract.tasks.updateStatus, { projectId: project.id, taskId: started.id, taskStatus: "done" }),
      { taskStatus: expect.any(String) },
    );
  });

  it.each([
    [
      { estimatedTimeOfCompletion: 73, estimatedWork: 10 },
      { estimatedTimeOfCompletion: "Time to completion must be at most 72 hours" },
    ],
    [
      { estimatedTimeOfCompletion: -1, estimatedWork: 10 },
      { estimatedTimeOfCompletion: "Time to completion must be at least 0" },
    ],
    [
      { estimatedTimeOfCompletion: 10, estimatedWork: 51 },
      { estimatedWork: "Estimated work must be at most 50 hours" },
    ],
    [{ estimatedTimeOfCompletion: 10, estimatedWork: 2.5 }, { estimatedWork: "Estimated work is in whole hours" }],
    [{ estimatedTimeOfCompletion: 10 }, { estimatedWork: expect.any(String) }],
  ])("refuses estimates %o when starting and when revising", async (estimates, fields) => {
    await expectRefused(
      post(contract.tasks.start, estimates, cast.designerOnTeam.token, { id: project.id, taskId: todo.id }),
      fields,
    );
    await expectRefused(
      post(
        contract.tasks.updateEstimates,
        { projectId: project.id, taskId: started.id, ...estimates },
        cast.designerOnTeam.token,
      ),
      fields,
    );
  });

  it("accepts the slider ends, 0 and 72 / 0 and 50", async () => {
    const res = await t.api(contract.tasks.updateEstimates, {
      body: { projectId: project.id, taskId: started.id, estimatedTimeOfCompletion: 72, estimatedWork: 0 },
      token: cast.designerOnTeam.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ estimatedTimeOfCompletion: 72, estimatedWork: 0 });
  });

  it.each([
    [Date.UTC(2030, 0, 1, 12, 0, 0), "Deadline must be the end of a day (23:59:59 UTC)"],
    [Date.UTC(2030, 0, 1, 23, 59, 59) / 1000, "Deadline must be the end of a day (23:59:59 UTC)"],
    [-1, MESSAGES.timeOutOfRange],
    // The end of a day, but past 9999 and past what a JavaScript date holds (issue point 7: was 500).
    [Date.UTC(10000, 0, 1, 23, 59, 59), MESSAGES.timeOutOfRange],
    [9007199222399000, MESSAGES.timeOutOfRange],
    ["tomorrow", "Deadline must be a time in milliseconds"],
  ])("refuses the deadline %s", async (deadline, message) => {
    await expectRefused(post(contract.tasks.setDeadline, { projectId: project.id, taskId: todo.id, deadline }), {
      deadline: message,
    });
  });

  it("refuses a 10,000-character title on update and attaching someone else's upload", async () => {
    await expectRefused(
      post(contract.tasks.update, { projectId: project.id, taskId: todo.id, title: "t".repeat(10_000) }),
      { title: `Title must be at most ${TASK_TITLE_MAX} characters` },
    );
    const theirs = await uploadAttachment(t, cast.viewer, "viewer.txt");
    await expectRefused(
      post(contract.tasks.addDescriptionFiles, { projectId: project.id, taskId: todo.id, fileKeys: [theirs] }),
      { "fileKeys.0": TASK_MESSAGES.fileNotYours },
    );
  });

  it("refuses an unknown priority and a malformed reorder", async () => {
    await expectRefused(
      post(contract.tasks.updatePriority, { projectId: project.id, taskId: todo.id, taskPriority: "critical" }),
      { taskPriority: expect.any(String) },
    );
    await expectRefused(post(contract.tasks.reorder, { tasks: [] }, cast.owner.token, { id: project.id }), {
      tasks: expect.any(String),
    });
  });
});
