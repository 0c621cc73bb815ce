import { TASK_MESSAGES, type Task } from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import { JsonText } from "../../../core/route.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { factsOf, presentTask } from "../presenter.ts";
import { findTaskView } from "../repo/read.ts";
import { viewerOf } from "./access.ts";
import type { TasksContext } from "./designs.ts";

/**
 * `GET /v3/project/{id}/task/{taskId}`: the task panel in three statements (the session with the
 * project, the task, its designer files with their comments). A task can hold thousands of
 * comments: the presented answer is written once with JSON.stringify, not checked field by field
 * against the response schema on every call (tests still check it, core/route.ts).
 */
export async function getTask(
  ctx: TasksContext,
  actor: Actor,
  input: { id: string; taskId: string },
  preloaded?: PreloadedScope,
): Promise<JsonText<Task>> {
  const access = await loadVisibleProject(ctx, actor, input.id, preloaded);
  const row = await findTaskView(ctx.db, actor.id, { projectId: access.project.id, taskId: input.taskId });
  if (!row) throw notFound(TASK_MESSAGES.taskNotInProject);
  const viewer = viewerOf(actor, access);
  const designs = await ctx.taskDesigns.panel(ctx.db, viewer, { ...factsOf(row), id: row.id });
  return new JsonText<Task>(JSON.stringify(presentTask(viewer, row, designs)));
}
