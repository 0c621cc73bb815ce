import { canCreateTask, type contract, type EndpointParsed, type Task } from "@atelier/shared";
import { generateKeyBetween } from "fractional-indexing";
import type { Actor } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { adjustTaskCounts, ensureProjectTakesTasks, loadVisibleProject } from "../../projects/index.ts";
import { attachFiles } from "../repo/files.ts";
import { findFirstKey, lockTaskOrder } from "../repo/order.ts";
import { insertTask } from "../repo/tasks.ts";
import { ensureAllowed, presentTaskFor, taskEvent } from "./access.ts";
import type { TasksContext } from "./designs.ts";
import { ensureOwnUploads } from "./files.ts";

type CreateInput = EndpointParsed<typeof contract.tasks.create>["body"];

/**
 * `POST /v3/project/task` (customers on the project and staff): the task, its description files
 * and the project's `taskCount` + 1 in one transaction. It enters the custom order at the top,
 * as it enters the default order (newest first) at the top. An archived project takes none (412).
 */
export async function createTask(
  ctx: TasksContext,
  actor: Actor,
  input: CreateInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  ensureAllowed(canCreateTask(actor, access.membership));
  const fileKeys = await ensureOwnUploads(ctx, actor, input.descriptionFileKeys ?? [], "descriptionFileKeys");
  const projectId = access.project.id;
  return withTransaction(ctx, async (tx, emit) => {
    await ensureProjectTakesTasks(tx, projectId);
    await lockTaskOrder(tx, projectId);
    const task = await insertTask(tx, {
      projectId,
      title: input.title,
      description: input.description ?? "",
      ...(input.priority ? { priority: input.priority } : {}),
      deadline: input.deadline ? new Date(input.deadline) : null,
      createdById: actor.id,
      customSortIndex: generateKeyBetween(null, await findFirstKey(tx, projectId)),
    });
    await attachFiles(tx, { taskId: task.id, keys: fileKeys, addedById: actor.id });
    await adjustTaskCounts(tx, projectId, { taskCount: 1 });
    emit(taskEvent(actor, task, "task.created", { title: task.title }));
    return presentTaskFor(ctx.taskDesigns, tx, actor, access, task.id);
  });
}
