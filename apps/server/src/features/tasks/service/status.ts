import {
  canWorkOnTask,
  checkStatusMove,
  type contract,
  type EndpointParsed,
  TASK_MESSAGES,
  type Task,
  type TaskStatus,
} from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { forbidden, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import type { Emit } from "../../../core/transaction.ts";
import type { Tx } from "../../../db/client.ts";
import { logApprovedWork } from "../../hours/index.ts";
import { factsOf } from "../presenter.ts";
import { findTaskInProject, type TaskRow, updateTaskRow } from "../repo/tasks.ts";
import { markTaskUnseenForOthers } from "../repo/views.ts";
import { changeTask, ensureAllowed, ensureNotArchived, loadVisibleTask, taskEvent } from "./access.ts";
import type { TaskDesignReader, TasksContext } from "./designs.ts";

type Estimates = EndpointParsed<typeof contract.tasks.start>["body"];
type StatusInput = EndpointParsed<typeof contract.tasks.updateStatus>["body"];
type EstimatesInput = EndpointParsed<typeof contract.tasks.updateEstimates>["body"];

/**
 * `POST /v3/project/{id}/task/{taskId}/start-working-on-task/` (the assigned designer or staff):
 * to do → in progress with both estimates, the only way into in progress from to do.
 */
export async function startTask(
  ctx: TasksContext,
  actor: Actor,
  input: { id: string; taskId: string; estimates: Estimates },
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, { projectId: input.id, taskId: input.taskId }, preloaded);
  const { task } = access;
  ensureAllowed(canWorkOnTask(actor, access.membership, factsOf(task)));
  ensureNotArchived(task);
  if (task.status !== "todo") throw ruleRefused(TASK_MESSAGES.alreadyStarted);
  if (!task.designerId) throw ruleRefused(TASK_MESSAGES.needsDesigner);
  const { estimatedTimeOfCompletion, estimatedWork } = input.estimates;
  return changeTask(ctx, actor, access, async (tx, emit) => {
    await updateTaskRow(tx, task.id, {
      status: "inProgress",
      estimatedTimeOfCompletion,
      estimatedWork,
      startedAt: new Date(),
    });
    await markTaskUnseenForOthers(tx, task, actor.id);
    emit(taskEvent(actor, task, "task.started", { estimatedTimeOfCompletion }));
  });
}

/**
 * `POST /v3/project/task/updateStatus`: the moves of DESIGN §3's flow; a move the caller may not
 * make is 403, a move nobody may make now is 412 with the reason (shared `checkStatusMove`).
 */
export async function updateTaskStatus(
  ctx: TasksContext,
  actor: Actor,
  input: StatusInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  const { task } = access;
  const move = checkStatusMove(actor, access.membership, factsOf(task), input.taskStatus);
  if (!move.allowed) throw move.forbidden ? forbidden(move.reason) : ruleRefused(move.reason);
  return changeTask(ctx, actor, access, async (tx, emit) => {
    // An open review round decides when the task is approved (issue 23): not this call.
    const held = input.taskStatus === "approved" ? await ctx.taskDesigns.review?.approvalHeld(tx, task.id) : null;
    if (held) throw ruleRefused(held);
    await applyStatusMove(ctx.taskDesigns, tx, emit, actor, task, input.taskStatus);
  });
}

/** The move itself, its events and what hooks into it, inside the caller's transaction. */
async function applyStatusMove(
  designs: TaskDesignReader,
  tx: Tx,
  emit: Emit,
  actor: Actor,
  task: TaskRow,
  to: TaskStatus,
): Promise<void> {
  await updateTaskRow(tx, task.id, { status: to });
  // A new status is news for the task's other people: its card and project show it as new.
  await markTaskUnseenForOthers(tx, task, actor.id);
  emit(taskEvent(actor, task, "task.statusChanged", { from: task.status, to }));
  if (task.status === "review") await designs.review?.leftReview(tx, emit, actor, task);
  if (to === "approved") {
    emit(taskEvent(actor, task, "task.approved", { projectId: task.projectId, taskId: task.id }));
    // Approval logs the task's hours for its designer in this transaction (DESIGN §3, hours feature).
    await logApprovedWork(tx, emit, actor, task);
  }
}

/**
 * A review round's outcome moves its task (issue 23, part 4): approved when the round's rule is
 * met, back in progress when it no longer can be. The round stands in for who sent it, who may
 * approve, so no rule of the acting reviewer is asked; the task is read again in the round's
 * transaction and moved only while it is still in review. Answers whether it moved.
 */
export async function moveTaskByReviewRound(
  designs: TaskDesignReader,
  tx: Tx,
  emit: Emit,
  actor: Actor,
  ref: { projectId: string; taskId: string },
  to: "approved" | "inProgress",
): Promise<boolean> {
  const task = await findTaskInProject(tx, ref.projectId, ref.taskId);
  if (task?.status !== "review" || task.archivedAt) return false;
  await applyStatusMove(designs, tx, emit, actor, task, to);
  return true;
}

/** `POST /v3/project/task/updateETA` (the assigned designer or staff): while started and not approved. */
export async function updateTaskEstimates(
  ctx: TasksContext,
  actor: Actor,
  input: EstimatesInput,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  const { task } = access;
  ensureAllowed(canWorkOnTask(actor, access.membership, factsOf(task)));
  ensureNotArchived(task);
  if (task.status === "todo") throw ruleRefused(TASK_MESSAGES.startWithEstimates);
  if (task.status === "approved") throw ruleRefused(TASK_MESSAGES.approvedEstimates);
  const { estimatedTimeOfCompletion, estimatedWork } = input;
  return changeTask(ctx, actor, access, async (tx, emit) => {
    await updateTaskRow(tx, task.id, { estimatedTimeOfCompletion, estimatedWork });
    emit(taskEvent(actor, task, "task.estimatesChanged", { estimatedTimeOfCompletion }));
  });
}
