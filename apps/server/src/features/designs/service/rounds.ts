import {
  canSendReviewRound,
  type contract,
  type EndpointParsed,
  REVIEW_ROUND_MESSAGES,
  REVIEW_ROUNDS_PER_TASK_MAX,
  TASK_MESSAGES,
  type TaskReviewRounds,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { withTransaction } from "../../../core/transaction.ts";
import type { DbOrTx } from "../../../db/client.ts";
import { markTaskUnseenForOthers } from "../../tasks/index.ts";
import {
  currentDesignIds,
  insertRound,
  listRoundRows,
  listTeamCandidates,
  lockTaskForRound,
  roundCounts,
} from "../repo/rounds.ts";
import { listGuestCandidates, liveGuestIds } from "../repo/rounds-guests.ts";
import { presentCandidates, presentRounds } from "../rounds-presenter.ts";
import { designEvent, ensureAllowed, ensureLive, loadDesignTask, type TaskAccess, viewerOf } from "./access.ts";

type ListParams = EndpointParsed<typeof contract.reviewRounds.list>["params"];
type SendInput = EndpointParsed<typeof contract.reviewRounds.send>["body"];

/** The task's rounds as the actor sees them, with whether they may send one now and to whom. */
export async function presentTaskRounds(db: DbOrTx, actor: Actor, access: TaskAccess): Promise<TaskReviewRounds> {
  const { task, membership } = access;
  const viewer = viewerOf(actor, access);
  const live = task.archivedAt === null;
  const rows = await listRoundRows(db, task.id);
  const canSend =
    live &&
    task.status === "review" &&
    canSendReviewRound(actor, membership) &&
    !rows.some((row) => row.state === "open") &&
    rows.length < REVIEW_ROUNDS_PER_TASK_MAX;
  const candidates = canSend
    ? presentCandidates(
        viewer,
        (await listTeamCandidates(db, task.projectId)).filter((member) => member.userId !== task.designerId),
      )
    : [];
  const guestCandidates = canSend ? await listGuestCandidates(db, task.id, new Date()) : [];
  return { taskId: task.id, items: presentRounds(viewer, rows, live), canSend, candidates, guestCandidates };
}

/** `GET /v3/project/{id}/task/{taskId}/review-rounds`: everyone who sees the task. */
export async function listReviewRounds(
  ctx: AppContext,
  actor: Actor,
  params: ListParams,
  preloaded?: PreloadedScope,
): Promise<TaskReviewRounds> {
  const access = await loadDesignTask(ctx, actor, { projectId: params.id, taskId: params.taskId }, preloaded);
  return presentTaskRounds(ctx.db, actor, access);
}

/**
 * `POST /v3/project/task/review-round` (owner, editor, staff): current designs of a task in review
 * sent to members of its team, and to guests who used one of its live links, by a due day. One open round per task; the task's designer does
 * not review their own work. Unknown designs or people answer 400 on their field, nothing sent.
 */
export async function sendReviewRound(
  ctx: AppContext,
  actor: Actor,
  body: SendInput,
  preloaded?: PreloadedScope,
): Promise<TaskReviewRounds> {
  const access = await loadDesignTask(ctx, actor, body, preloaded);
  ensureAllowed(canSendReviewRound(actor, access.membership));
  ensureLive(access);
  if (body.dueAt < Date.now()) throw badInput({ dueAt: REVIEW_ROUND_MESSAGES.dueDayPast });
  return withTransaction(ctx, async (tx, emit) => {
    const task = await lockTaskForRound(tx, access.task.id);
    if (!task || task.archivedAt) throw ruleRefused(TASK_MESSAGES.archived);
    if (task.status !== "review") throw ruleRefused(REVIEW_ROUND_MESSAGES.taskNotInReview);
    const counts = await roundCounts(tx, access.task.id);
    if (counts.openId) throw ruleRefused(REVIEW_ROUND_MESSAGES.roundAlreadyOpen);
    if (counts.total >= REVIEW_ROUNDS_PER_TASK_MAX) throw ruleRefused(REVIEW_ROUND_MESSAGES.tooManyRounds);

    const fields: Record<string, string> = {};
    const current = await currentDesignIds(tx, access.task.id, body.designerFileUuids);
    body.designerFileUuids.forEach((id, index) => {
      if (!current.has(id)) fields[`designerFileUuids.${index}`] ??= REVIEW_ROUND_MESSAGES.designNotCurrent;
    });
    const team = new Set((await listTeamCandidates(tx, access.task.projectId)).map((member) => member.userId));
    body.reviewerIds.forEach((id, index) => {
      if (id === task.designerId) fields[`reviewerIds.${index}`] = REVIEW_ROUND_MESSAGES.reviewerIsDesigner;
      else if (!team.has(id)) fields[`reviewerIds.${index}`] = REVIEW_ROUND_MESSAGES.reviewerNotOnTeam;
    });
    const guests = await liveGuestIds(tx, access.task.id, body.guestIds, new Date());
    body.guestIds.forEach((id, index) => {
      if (!guests.has(id)) fields[`guestIds.${index}`] = REVIEW_ROUND_MESSAGES.guestNotOnLink;
    });
    if (Object.keys(fields).length > 0) throw badInput(fields);

    const number = counts.total + 1;
    const roundId = await insertRound(tx, {
      taskId: access.task.id,
      number,
      rule: body.rule,
      dueAt: new Date(body.dueAt),
      sentById: actor.id,
      designerFileIds: body.designerFileUuids,
      reviewerUserIds: body.reviewerIds,
      reviewerGuestIds: body.guestIds,
    });
    await markTaskUnseenForOthers(tx, access.task, actor.id);
    emit(
      designEvent(actor, access.task, "design.roundSent", {
        roundId,
        number,
        reviewerIds: body.reviewerIds,
        guestIds: body.guestIds,
        rule: body.rule,
        dueAt: body.dueAt,
        designCount: body.designerFileUuids.length,
      }),
    );
    return presentTaskRounds(tx, actor, access);
  });
}
