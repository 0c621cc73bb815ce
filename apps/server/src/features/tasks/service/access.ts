import { type DomainEventPayloads, type DomainEventType, TASK_MESSAGES, type Task } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { forbidden, notFound, ruleRefused } from "../../../core/errors.ts";
import type { DomainEventInput } from "../../../core/events/event.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { type Emit, withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { loadVisibleProject, type ProjectAccess, preloadedProject, visibleAccess } from "../../projects/index.ts";
import { presentTask, type Viewer } from "../presenter.ts";
import { findTaskView } from "../repo/read.ts";
import { findTaskInProject, type TaskRow } from "../repo/tasks.ts";
import { designsFor, type TaskDesignReader, type TasksContext } from "./designs.ts";

export interface TaskAccess extends ProjectAccess {
  task: TaskRow;
}

/**
 * The first step of every call on one task (access first): its project must be visible to the
 * actor and the task must belong to it, else 404 exactly like an unknown id. `preloaded`: the
 * rows the route's declared scope read with the session (see loadVisibleProject).
 */
export async function loadVisibleTask(
  ctx: AppContext,
  actor: Actor,
  input: { projectId: string; taskId: string },
  preloaded?: PreloadedScope,
): Promise<TaskAccess> {
  const ofTask = preloaded?.projectId === input.projectId && preloaded.taskId === input.taskId ? preloaded : undefined;
  const access = ofTask
    ? visibleAccess(actor, preloadedProject(ofTask))
    : await loadVisibleProject(ctx, actor, input.projectId, preloaded);
  const task = ofTask ? ofTask.task : await findTaskInProject(ctx.db, input.projectId, input.taskId);
  if (!task) throw notFound(TASK_MESSAGES.taskNotInProject);
  return { ...access, task };
}

/** A visible task where the action is not allowed answers 403. */
export function ensureAllowed(allowed: boolean): void {
  if (!allowed) throw forbidden();
}

/** Changes other than archive, unarchive and delete wait until an archived task is brought back (412). */
export function ensureNotArchived(task: TaskRow): void {
  if (task.archivedAt) throw ruleRefused(TASK_MESSAGES.archived);
}

export const viewerOf = (actor: Actor, access: ProjectAccess): Viewer => ({ actor, membership: access.membership });

/** Reads the task back (inside the change's transaction when given one) and presents it for the actor. */
export async function presentTaskFor(
  designs: TaskDesignReader,
  db: DbOrTx,
  actor: Actor,
  access: ProjectAccess,
  taskId: string,
): Promise<Task> {
  const row = await findTaskView(db, actor.id, { projectId: access.project.id, taskId });
  if (!row) throw notFound(TASK_MESSAGES.taskNotInProject);
  const viewer = viewerOf(actor, access);
  const lists = await designsFor(designs, db, viewer, [row]);
  return presentTask(viewer, row, lists.get(row.id));
}

/**
 * Runs one change of a task as a unit of work (the change and its events commit together) and
 * answers the task as the actor now sees it, read inside the same transaction.
 */
export async function changeTask(
  ctx: TasksContext,
  actor: Actor,
  access: TaskAccess,
  work: (tx: Tx, emit: Emit) => Promise<void>,
): Promise<Task> {
  return withTransaction(ctx, async (tx, emit) => {
    await work(tx, emit);
    return presentTaskFor(ctx.taskDesigns, tx, actor, access, access.task.id);
  });
}

type TaskEventType = Extract<DomainEventType, `task.${string}`>;

/** A task event by the actor, about the task, in its project's feed. */
export function taskEvent<T extends TaskEventType>(
  actor: Actor,
  task: { id: string; projectId: string },
  type: T,
  payload: DomainEventPayloads[T],
): DomainEventInput<T> {
  return {
    type,
    actorId: actor.id,
    projectId: task.projectId,
    subject: { type: "task", id: task.id },
    payload,
  } as DomainEventInput<T>;
}
