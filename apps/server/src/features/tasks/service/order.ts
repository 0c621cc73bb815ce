import { canReorderTasks, type contract, type EndpointParsed, TASK_MESSAGES } from "@atelier/shared";
import { generateKeyBetween } from "fractional-indexing";
import type { Actor, AppContext } from "../../../core/context.ts";
import { ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { loadVisibleProject } from "../../projects/index.ts";
import { findActiveKey, findFirstKey, findKeyAfter, lockTaskOrder } from "../repo/order.ts";
import { updateTaskRow } from "../repo/tasks.ts";
import { ensureAllowed, taskEvent } from "./access.ts";

type ReorderInput = EndpointParsed<typeof contract.tasks.reorder>["body"];
type ReorderResult = { items: Array<{ id: string; customSortIndex: string }> };

/**
 * `POST /v3/project/{id}/tasks/reorder` (owner, editor, staff): each move puts a task right after
 * another (null: first) with a fractional key between its new neighbours, so a move reads two
 * keys and writes one row however long the list is. Moves apply in order, all or none.
 */
export async function reorderTasks(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; moves: ReorderInput["tasks"] },
  preloaded?: PreloadedScope,
): Promise<ReorderResult> {
  const access = await loadVisibleProject(ctx, actor, input.id, preloaded);
  ensureAllowed(canReorderTasks(actor, access.membership));
  const projectId = access.project.id;
  return withTransaction(ctx, async (tx, emit) => {
    await lockTaskOrder(tx, projectId);
    const items: ReorderResult["items"] = [];
    for (const move of input.moves) {
      const own = await findActiveKey(tx, projectId, move.taskId);
      const after = move.afterTaskId === null ? null : await findActiveKey(tx, projectId, move.afterTaskId);
      if (own === null || move.afterTaskId === move.taskId || (move.afterTaskId !== null && after === null)) {
        throw ruleRefused(TASK_MESSAGES.reorderNeighbour);
      }
      const before =
        after === null
          ? await findFirstKey(tx, projectId, move.taskId)
          : await findKeyAfter(tx, projectId, after, move.taskId);
      const customSortIndex = generateKeyBetween(after, before);
      await updateTaskRow(tx, move.taskId, { customSortIndex });
      emit(taskEvent(actor, { id: move.taskId, projectId }, "task.reordered", { customSortIndex }));
      items.push({ id: move.taskId, customSortIndex });
    }
    return { items };
  });
}
