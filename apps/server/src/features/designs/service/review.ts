import { canGiveDesignFeedback, type contract, DESIGN_MESSAGES, type EndpointParsed, type Task } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import type { JsonText } from "../../../core/route.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import { getTask, markTaskUnseenForOthers, updateTaskStatus } from "../../tasks/index.ts";
import { upsertFeedback } from "../repo/comments.ts";
import { findDesignerFile } from "../repo/files.ts";
import { tasksContextOf } from "../task-reader.ts";
import { designEvent, ensureAllowed, ensureLive, loadDesignTask } from "./access.ts";

type FeedbackInput = EndpointParsed<typeof contract.designs.feedback>;
type ApproveParams = EndpointParsed<typeof contract.designs.approve>["params"];

/**
 * `POST /v3/design-feedback/{projectId}/{taskId}/{designerFileUuid}` (owner, editor, staff): the
 * file version's feedback. A request for changes on a task in review sends it back to in
 * progress through the tasks' own status change (one place for the status flow and what hooks
 * into it); approving a file leaves the task's status to the approve call.
 */
export async function giveFeedback(
  ctx: AppContext,
  actor: Actor,
  input: { params: FeedbackInput["params"]; body: FeedbackInput["body"] },
  preloaded?: PreloadedScope,
): Promise<Task | JsonText<Task>> {
  const { params, body } = input;
  const access = await loadDesignTask(ctx, actor, params, preloaded);
  const file = await findDesignerFile(ctx.db, access.task.id, params.designerFileUuid);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  ensureAllowed(canGiveDesignFeedback(actor, access.membership));
  ensureLive(access);
  const comment = body.comment ? body.comment : null;
  await withTransaction(ctx, async (tx, emit) => {
    await upsertFeedback(tx, { designerFileId: file.id, userId: actor.id, feedback: body.feedback, comment });
    await markTaskUnseenForOthers(tx, access.task, actor.id);
    emit(
      designEvent(actor, access.task, "design.feedback", {
        designerFileUuid: file.id,
        feedback: body.feedback,
        fileName: file.name,
        comment,
      }),
    );
  });
  if (body.feedback === "changesRequested" && access.task.status === "review") {
    return updateTaskStatus(tasksContextOf(ctx), actor, {
      projectId: params.projectId,
      taskId: params.taskId,
      taskStatus: "inProgress",
    });
  }
  return getTask(tasksContextOf(ctx), actor, { id: params.projectId, taskId: params.taskId });
}

/** `POST /v3/project/{id}/task/{taskId}/approve`: exactly updateStatus to approved (DESIGN §3). */
export function approveTask(
  ctx: AppContext,
  actor: Actor,
  params: ApproveParams,
  preloaded?: PreloadedScope,
): Promise<Task> {
  return updateTaskStatus(
    tasksContextOf(ctx),
    actor,
    { projectId: params.id, taskId: params.taskId, taskStatus: "approved" },
    preloaded,
  );
}
