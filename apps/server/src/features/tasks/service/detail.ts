import { TASK_MESSAGES, type Task } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { presentTask } from "../presenter.ts";
import { findTaskView } from "../repo/read.ts";
import { viewerOf } from "./access.ts";
import { designsFor } from "./designs.ts";

/** `GET /v3/project/{id}/task/{taskId}`: the task panel (access, then one read). */
export async function getTask(ctx: AppContext, actor: Actor, input: { id: string; taskId: string }): Promise<Task> {
  const access = await loadVisibleProject(ctx, actor, input.id);
  const row = await findTaskView(ctx.db, actor.id, { projectId: access.project.id, taskId: input.taskId });
  if (!row) throw notFound(TASK_MESSAGES.taskNotInProject);
  const viewer = viewerOf(actor, access);
  const designs = await designsFor(ctx.db, viewer, [row]);
  return presentTask(viewer, row, designs.get(row.id));
}
