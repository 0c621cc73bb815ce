// What a customer's developer writes against a client generated from the served OpenAPI document
// (openapi-typescript + openapi-fetch). It is type-checked against freshly generated types by
// src/core/openapi/openapi-client.api.test.ts, so a document change that breaks such code fails.
import createClient from "openapi-fetch";
import type { components, paths } from "./generated/atelier-api.ts";

type ApiError = components["schemas"]["ApiError"];

export interface JourneyResult {
  projectName: string;
  taskTitle: string;
  taskProjectId: string;
  /** what reading a task that does not exist answered, typed as the one error body */
  missingTask: ApiError | undefined;
}

/** Signs in, creates a project and a task in it, and reads both back. */
export async function projectAndTaskJourney(input: {
  baseUrl: string;
  email: string;
  /** the SHA-256 pre-hash of the password, as every client sends it */
  passwordHash: string;
}): Promise<JourneyResult> {
  const open = createClient<paths>({ baseUrl: input.baseUrl });
  const signIn = await open.POST("/auth/login", { body: { email: input.email, password: input.passwordHash } });
  if (!signIn.data) throw new Error(`sign-in failed: ${signIn.error?.message}`);
  if (!("token" in signIn.data)) throw new Error("sign-in asked for a second factor");

  const api = createClient<paths>({ baseUrl: input.baseUrl, headers: { "Auth-Token": signIn.data.token } });
  const created = await api.POST("/v3/project/create", { body: { name: "Client-built project" } });
  if (!created.data) throw new Error(`project not created: ${created.error?.message}`);
  const task = await api.POST("/v3/project/task", {
    body: { projectId: created.data.id, title: "Logo from a generated client", priority: "high" },
  });
  if (!task.data) throw new Error(`task not created: ${task.error?.message}`);

  const project = await api.GET("/v3/project/get/{id}", { params: { path: { id: created.data.id } } });
  const readTask = await api.GET("/v3/project/{id}/task/{taskId}", {
    params: { path: { id: created.data.id, taskId: task.data.id } },
  });
  if (!project.data || !readTask.data) throw new Error("project or task not read back");
  const missing = await api.GET("/v3/project/{id}/task/{taskId}", {
    params: { path: { id: created.data.id, taskId: crypto.randomUUID() } },
  });
  return {
    projectName: project.data.name,
    taskTitle: readTask.data.title,
    taskProjectId: readTask.data.projectId,
    missingTask: missing.error,
  };
}
