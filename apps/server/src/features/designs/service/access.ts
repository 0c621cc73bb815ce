import {
  canAddDesign,
  canGiveDesignFeedback,
  canReorderDesigns,
  type DomainEventPayloads,
  type DomainEventType,
  isStaff,
  TASK_MESSAGES,
  type TaskDesigns,
  type TaskFacts,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, ruleRefused } from "../../../core/errors.ts";
import type { DomainEventInput } from "../../../core/events/event.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { type Emit, withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { loadVisibleTask, type TaskAccess } from "../../tasks/index.ts";
import { loadTaskPanel } from "../panel.ts";
import type { DesignViewer } from "../presenter.ts";
import { lockTaskDesigns } from "../repo/files.ts";

export type { TaskAccess };

/** Every designs call starts here: the task must be visible (else 404, as an unknown id). */
export function loadDesignTask(
  ctx: AppContext,
  actor: Actor,
  ref: { projectId: string; taskId: string },
  preloaded?: PreloadedScope,
) {
  return loadVisibleTask(ctx, actor, ref, preloaded);
}

export const factsOf = (access: TaskAccess): TaskFacts => ({
  designerId: access.task.designerId,
  status: access.task.status,
  archived: access.task.archivedAt !== null,
});

export const viewerOf = (actor: Actor, access: TaskAccess): DesignViewer => ({ actor, membership: access.membership });

/** A visible target the caller may not change: 403. */
export function ensureAllowed(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

/** Changes wait until an archived task is brought back (412), as for the task itself. */
export function ensureLive(access: TaskAccess): void {
  if (access.task.archivedAt) throw ruleRefused(TASK_MESSAGES.archived);
}

/** The task panel's designs for the actor, in one statement. */
export async function presentTaskDesigns(db: DbOrTx, actor: Actor, access: TaskAccess): Promise<TaskDesigns> {
  const facts = factsOf(access);
  const panel = await loadTaskPanel(db, viewerOf(actor, access), { ...facts, id: access.task.id });
  const { designerFileList } = panel;
  const live = !facts.archived;
  return {
    taskId: access.task.id,
    designerFileList,
    designsAndCommentsSeen: panel.designsAndCommentsSeen,
    canAddDesign: canAddDesign(actor, access.membership, facts),
    canReorder: canReorderDesigns(actor, access.membership, facts),
    canRemoveAll:
      live &&
      designerFileList.length > 0 &&
      (isStaff(actor.role) || designerFileList.every((file) => file.abilities.canRemove)),
    canApprove: canGiveDesignFeedback(actor, access.membership) && live && facts.status === "review",
  };
}

/**
 * One change of a task's designs as a unit of work: the task's designs are locked for it, the
 * change and its events commit together, and the answer is read inside the same transaction.
 */
export function changeDesigns(
  ctx: AppContext,
  actor: Actor,
  access: TaskAccess,
  work: (tx: Tx, emit: Emit) => Promise<void>,
): Promise<TaskDesigns> {
  return withTransaction(ctx, async (tx, emit) => {
    await lockTaskDesigns(tx, access.task.id);
    await work(tx, emit);
    return presentTaskDesigns(tx, actor, access);
  });
}

type DesignEventType = Extract<DomainEventType, `design.${string}` | `comment.${string}`>;

/** A designs event by the actor about the task, in its project's feed (the payload names both). */
export function designEvent<T extends DesignEventType>(
  actor: Actor,
  task: { id: string; projectId: string },
  type: T,
  payload: Omit<DomainEventPayloads[T], "projectId" | "taskId">,
): DomainEventInput<T> {
  return {
    type,
    actorId: actor.id,
    projectId: task.projectId,
    subject: { type: "task", id: task.id },
    payload: { ...payload, projectId: task.projectId, taskId: task.id },
  } as DomainEventInput<T>;
}
