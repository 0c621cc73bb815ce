import {
  canEditTask,
  canSetTaskDeadline,
  canSetTaskPriority,
  type contract,
  type EndpointParsed,
  type Task,
} from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { updateTaskRow } from "../repo/tasks.ts";
import { changeTask, ensureAllowed, ensureNotArchived, loadVisibleTask, taskEvent } from "./access.ts";
import type { TasksContext } from "./designs.ts";

type UpdateInput = EndpointParsed<typeof contract.tasks.update>["body"];
type DeadlineInput = EndpointParsed<typeof contract.tasks.setDeadline>["body"];
type PriorityInput = EndpointParsed<typeof contract.tasks.updatePriority>["body"];

/** `POST /v3/project/task/update` (owner, editor, staff): title and description; unchanged fields write nothing. */
export async function updateTask(
  ctx: TasksContext,
  actor: Actor,
  input: UpdateInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canEditTask(actor, access.membership));
  ensureNotArchived(access.task);
  const title = input.title !== undefined && input.title !== access.task.title ? input.title : undefined;
  const description =
    input.description !== undefined && input.description !== access.task.description ? input.description : undefined;
  return changeTask(ctx, actor, access, async (tx, emit) => {
    if (title === undefined && description === undefined) return;
    await updateTaskRow(tx, access.task.id, {
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
    });
    emit(
      taskEvent(actor, access.task, "task.updated", {
        ...(title !== undefined ? { title } : {}),
        ...(description !== undefined ? { descriptionChanged: true } : {}),
      }),
    );
  });
}

/** `POST /v3/project/task/setOrUpdateTaskDeadline` (owner, editor, staff): the end of a day, or 0 to clear. */
export async function setTaskDeadline(
  ctx: TasksContext,
  actor: Actor,
  input: DeadlineInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canSetTaskDeadline(actor, access.membership));
  ensureNotArchived(access.task);
  return changeTask(ctx, actor, access, async (tx, emit) => {
    if ((access.task.deadline?.getTime() ?? 0) === input.deadline) return;
    await updateTaskRow(tx, access.task.id, { deadline: input.deadline === 0 ? null : new Date(input.deadline) });
    emit(taskEvent(actor, access.task, "task.deadlineChanged", { deadline: input.deadline }));
  });
}

/** `POST /v3/project/task/updatePriority` (owner, editor, staff): answers the task, priority with its textValue. */
export async function updateTaskPriority(
  ctx: TasksContext,
  actor: Actor,
  input: PriorityInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canSetTaskPriority(actor, access.membership));
  ensureNotArchived(access.task);
  return changeTask(ctx, actor, access, async (tx, emit) => {
    if (access.task.priority === input.taskPriority) return;
    await updateTaskRow(tx, access.task.id, { priority: input.taskPriority });
    emit(taskEvent(actor, access.task, "task.priorityChanged", { priority: input.taskPriority }));
  });
}
