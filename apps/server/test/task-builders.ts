import type { CreateTaskInput, Task } from "@atelier/shared";
import { multipartFile } from "./multipart.ts";
import type { BuiltUser, TestApp } from "./test-app.ts";

// The projects builders, re-exported so task tests need one import; when the projects builders
// move into test/, only this line changes.
export { buildCast, buildTeamProject, type Cast, type CastMember } from "../src/features/projects/test-builders.ts";

/** Builders for the tasks API tests: everything goes through the real calls. */

async function expectOk<T>(response: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await response;
  if (status !== 200) throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Creates a task in the project as `by` (default title "Task n"). */
let counter = 0;
export async function buildTask(
  t: TestApp,
  by: BuiltUser,
  input: Partial<CreateTaskInput> & { projectId: string },
): Promise<Task> {
  counter += 1;
  return expectOk<Task>(
    t.call({
      method: "POST",
      url: "/v3/project/task",
      token: by.token,
      payload: { title: `Task ${counter}`, ...input },
    }),
    "create task",
  );
}

/** Assigns `designer` to the task as `staff`. */
export function assignTask(t: TestApp, staff: BuiltUser, task: Task, designer: BuiltUser): Promise<Task> {
  return expectOk<Task>(
    t.call({
      method: "POST",
      url: "/v3/project/assign-designer-on-task",
      token: staff.token,
      payload: { projectId: task.projectId, taskId: task.id, designerId: designer.user.id },
    }),
    "assign designer",
  );
}

/** Starts work on the task as `by` (its designer or staff) with the given estimates. */
export function startTaskAs(
  t: TestApp,
  by: BuiltUser,
  task: Task,
  estimates = { estimatedTimeOfCompletion: 24, estimatedWork: 10 },
): Promise<Task> {
  return expectOk<Task>(
    t.call({
      method: "POST",
      url: `/v3/project/${task.projectId}/task/${task.id}/start-working-on-task/`,
      token: by.token,
      payload: estimates,
    }),
    "start task",
  );
}

/** Moves the task to `status` as `by`. */
export function setStatusAs(t: TestApp, by: BuiltUser, task: Task, status: Task["status"]): Promise<Task> {
  return expectOk<Task>(
    t.call({
      method: "POST",
      url: "/v3/project/task/updateStatus",
      token: by.token,
      payload: { projectId: task.projectId, taskId: task.id, taskStatus: status },
    }),
    `status ${status}`,
  );
}

/** Uploads a small attachment as `by` and answers its key. */
export async function uploadAttachment(t: TestApp, by: BuiltUser, name = "brief.txt"): Promise<string> {
  const body = await expectOk<{ key: string }>(
    t.call({
      method: "POST",
      url: "/upload/file?purpose=attachment",
      token: by.token,
      ...multipartFile({ content: Buffer.from(`notes for ${name}`), filename: name }),
    }),
    "upload",
  );
  return body.key;
}
