import { canArchiveTask, canDeleteTask, type contract, type EndpointParsed, type Task } from "@atelier/shared";
import { generateKeyBetween } from "fractional-indexing";
import type { Actor } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { removeTaskNotifications } from "../../notifications/index.ts";
import { adjustTaskCounts } from "../../projects/index.ts";
import { findFirstKey, lockTaskOrder } from "../repo/order.ts";
import { archiveTaskRow, deleteTaskRow, updateTaskRow } from "../repo/tasks.ts";
import { changeTask, ensureAllowed, loadVisibleTask, taskEvent } from "./access.ts";
import type { TasksContext } from "./designs.ts";

type TaskRef = EndpointParsed<typeof contract.tasks.archive>["body"];

/**
 * `POST /v3/project/task/archive` (owner, editor, staff): off the active list, onto the archived
 * one; taskCount − 1 and countArchivedTasks + 1 in the same transaction. Archiving an archived
 * task changes nothing (a repeated click must not count twice).
 */
export async function archiveTask(
  ctx: TasksContext,
  actor: Actor,
  input: TaskRef,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canArchiveTask(actor, access.membership));
  return changeTask(ctx, actor, access, async (tx, emit) => {
    if (!(await archiveTaskRow(tx, access.task.id, new Date()))) return;
    await adjustTaskCounts(tx, access.task.projectId, { taskCount: -1, countArchivedTasks: 1 });
    emit(taskEvent(actor, access.task, "task.archived", {}));
  });
}

/**
 * `POST /v3/project/task/unarchive` (owner, editor, staff): back on the active list, at the top of
 * the custom order — its old key may have been given to another task while it was away.
 */
export async function unarchiveTask(
  ctx: TasksContext,
  actor: Actor,
  input: TaskRef,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canArchiveTask(actor, access.membership));
  const { task } = access;
  return changeTask(ctx, actor, access, async (tx, emit) => {
    if (!task.archivedAt) return;
    await lockTaskOrder(tx, task.projectId);
    const customSortIndex = generateKeyBetween(null, await findFirstKey(tx, task.projectId));
    await updateTaskRow(tx, task.id, { archivedAt: null, customSortIndex });
    await adjustTaskCounts(tx, task.projectId, { taskCount: 1, countArchivedTasks: -1 });
    emit(taskEvent(actor, task, "task.unarchived", {}));
  });
}

/**
 * `DELETE /v3/project/{id}/task/{taskId}` (owner, editor, staff): the task, its file links and
 * seen flags go; the count of the list it was on drops by one. Its events stay as the record; its
 * messages go from everyone's feed (they would lead to a task that is not there).
 */
export async function deleteTask(
  ctx: TasksContext,
  actor: Actor,
  input: { id: string; taskId: string },
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadVisibleTask(ctx, actor, { projectId: input.id, taskId: input.taskId }, preloaded);
  ensureAllowed(canDeleteTask(actor, access.membership));
  await withTransaction(ctx, async (tx, emit) => {
    const deleted = await deleteTaskRow(tx, access.task.id);
    if (!deleted) return;
    await adjustTaskCounts(tx, deleted.projectId, deleted.archivedAt ? { countArchivedTasks: -1 } : { taskCount: -1 });
    await removeTaskNotifications(tx, deleted.id);
    emit(taskEvent(actor, deleted, "task.deleted", { title: deleted.title }));
  });
}
