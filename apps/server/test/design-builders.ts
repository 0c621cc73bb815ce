import { contract, type Project, type Task, type TaskDesigns } from "@atelier/shared";
import sharp from "sharp";
import type { ApiResponse } from "./api-client.ts";
import { assignTask, type BuiltUser, buildTask, type Cast, startTaskAs } from "./builders.ts";
import type { TestApp } from "./test-app.ts";

/**
 * Builders for the designs and review tests (issue 8), beside test/builders.ts: images made with
 * sharp, uploads through the real upload call, designs attached through the real designs calls.
 */

/** A small PNG of one colour (distinct bytes per colour and size). */
export function pngBytes(options: { width?: number; height?: number; rgb?: [number, number, number] } = {}) {
  const [r, g, b] = options.rgb ?? [200, 40, 90];
  return sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background: { r, g, b } },
  })
    .png()
    .toBuffer();
}

/** Uploads bytes as a design upload of `by`; answers the key. */
export async function uploadDesignFile(t: TestApp, by: BuiltUser, content: Buffer, filename: string): Promise<string> {
  const res = await t.upload(contract.files.upload, {
    token: by.token,
    query: { purpose: "design" },
    file: { content, filename },
  });
  return ok("upload design", res).key;
}

/** An image upload by `by`, coloured by `seed` so each one's bytes differ. */
export async function uploadImage(t: TestApp, by: BuiltUser, filename = "design.png", seed = 1): Promise<string> {
  const content = await pngBytes({ rgb: [(seed * 37) % 256, (seed * 91) % 256, (seed * 53) % 256] });
  return uploadDesignFile(t, by, content, filename);
}

/** A task of the project assigned to the team's designer and started (in progress). */
export async function buildWorkTask(t: TestApp, cast: Cast, project: Project): Promise<Task> {
  const task = await buildTask(t, cast.admin, { projectId: project.id });
  await assignTask(t, cast.admin, task, cast.designerOnTeam);
  return startTaskAs(t, cast.admin, task);
}

/** Attaches the keys as designer files of the task, as `by`. */
export async function addDesigns(t: TestApp, by: BuiltUser, task: Task, keys: string[]): Promise<TaskDesigns> {
  const res = await t.api(contract.designs.addDesign, {
    token: by.token,
    body: { projectId: task.projectId, taskId: task.id, addedDesignsFileKeys: keys },
  });
  return ok("add design", res);
}

export async function getDesigns(t: TestApp, by: BuiltUser, task: Task): Promise<TaskDesigns> {
  const res = await t.api(contract.designs.get, { token: by.token, params: { id: task.projectId, taskId: task.id } });
  return ok("get designs", res);
}

export function ok<Body>(what: string, response: ApiResponse<Body>): Body {
  if (response.status !== 200)
    throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.received)}`);
  return response.body;
}
