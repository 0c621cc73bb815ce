import {
  canSeeAllProjects,
  type contract,
  type EndpointParsed,
  UNSEEN_PROJECTS_MAX,
  type UnseenProjects,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { findUnseenProjectIds, markDesignsAndCommentsSeen } from "../repo/views.ts";
import { loadVisibleTask } from "./access.ts";

type TaskRef = EndpointParsed<typeof contract.tasks.seen>["body"];

/**
 * `POST /v3/project/task/seen`: anyone who sees the task marks its designs and comments seen for
 * themselves. Not a change to the task, so it records no event.
 */
export async function markTaskSeen(
  ctx: AppContext,
  actor: Actor,
  input: TaskRef,
  preloaded?: PreloadedScope,
): Promise<void> {
  const { task } = await loadVisibleTask(ctx, actor, input, preloaded);
  await markDesignsAndCommentsSeen(ctx.db, task.id, actor.id);
}

/** `GET /v3/project/task/unseen-projects`: where the caller has something new waiting. */
export async function listUnseenProjects(ctx: AppContext, actor: Actor): Promise<UnseenProjects> {
  const seesAllProjects = canSeeAllProjects(actor);
  return { projectIds: await findUnseenProjectIds(ctx.db, { id: actor.id, seesAllProjects }, UNSEEN_PROJECTS_MAX) };
}
