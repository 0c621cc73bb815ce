import { TASK_MESSAGES, type Task } from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import { JsonText } from "../../../core/route.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { factsOf, presentTask } from "../presenter.ts";
import { findTaskView } from "../repo/read.ts";
import { viewerOf } from "./access.ts";
import type { TasksContext } from "./designs.ts";

/**
 * `GET /v3/project/{id}/task/{taskId}`: the task panel in three statements (the session with the
 * project, the task, its designer files with their comments written as JSON by PostgreSQL), so a
 * task with thousands of comments is not built object by object (DESIGN §10).
 */
export async function getTask(
  ctx: TasksContext,
  actor: Actor,
  input: { id: string; taskId: string },
): Promise<JsonText<Task>> {
  const access = await loadVisibleProject(ctx, actor, input.id);
  const row = await findTaskView(ctx.db, actor.id, { projectId: access.project.id, taskId: input.taskId });
  if (!row) throw notFound(TASK_MESSAGES.taskNotInProject);
  const designs = await ctx.taskDesigns.listJson(ctx.db, actor, access.membership, { ...factsOf(row), id: row.id });
  const { designerFileList: _, ...task } = presentTask(viewerOf(actor, access), row, {
    designerFileList: [],
    designZipLink: designs.designZipLink,
  });
  return JsonText.withField<Task>(task, "designerFileList", designs.list);
}
