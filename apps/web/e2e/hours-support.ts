import { inviteToProject } from "./projects-support.ts";
import { apiLogin, callApi, DEMO, sha256, uniqueEmail } from "./support.ts";
import { type CreatedTask, createTask } from "./tasks-support.ts";

/**
 * Set-up for the hours journeys through the real API: a fresh designer of their own (so other
 * journeys' approvals never change the figures asserted) and tasks walked to approval.
 */

export interface Designer {
  id: string;
  email: string;
  password: string;
  name: string;
  surname: string;
  token: string;
}

/** A new designer with an hour rate, created by the demo admin. */
export async function newDesigner(label: string, hourRate = 20): Promise<Designer> {
  const admin = await apiLogin(DEMO.admin.email);
  const password = `pw-${Date.now()}-designer`;
  const person = { name: "Hana", surname: `Hours${Date.now().toString(36)}`, email: uniqueEmail(label) };
  const user = await callApi<{ id: string }>(admin, "POST", "/user", {
    ...person,
    password: sha256(password),
    role: "designer",
    hourRate,
  });
  return { ...person, id: user.id, password, token: await apiLogin(person.email, password) };
}

/** A task of the project assigned to the designer, started with `hours`. */
export async function startedTask(
  owner: { token: string },
  projectId: string,
  designer: Designer,
  title: string,
  hours: number,
  deadline?: number,
): Promise<CreatedTask> {
  const admin = await apiLogin(DEMO.admin.email);
  const task = await createTask(owner.token, projectId, title, deadline ? { deadline } : {});
  await callApi(admin, "POST", "/v3/project/assign-designer-on-task", {
    projectId,
    taskId: task.id,
    designerId: designer.id,
  });
  await callApi(designer.token, "POST", `/v3/project/${projectId}/task/${task.id}/start-working-on-task/`, {
    estimatedTimeOfCompletion: 24,
    estimatedWork: hours,
  });
  return task;
}

/** Started, submitted for review by the designer and approved by the owner: `hours` logged. */
export async function approvedTask(
  owner: { token: string },
  projectId: string,
  designer: Designer,
  title: string,
  hours: number,
): Promise<CreatedTask> {
  const task = await startedTask(owner, projectId, designer, title, hours);
  const move = (token: string, taskStatus: string) =>
    callApi(token, "POST", "/v3/project/task/updateStatus", { projectId, taskId: task.id, taskStatus });
  await move(designer.token, "review");
  await move(owner.token, "approved");
  return task;
}

export { inviteToProject };
