import type { contract, EndpointParsed, TaskDesigns } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { JsonText } from "../../../core/route.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadDesignTask, presentTaskDesigns } from "./access.ts";

type Params = EndpointParsed<typeof contract.designs.get>["params"];

/**
 * `GET /v3/project/{id}/task/{taskId}/designs`: whoever sees the task sees its designs. A task can
 * hold thousands of comments: the presented answer is written once with JSON.stringify, not
 * checked field by field against the response schema on every call (tests still check it, core/route.ts).
 */
export async function getTaskDesigns(
  ctx: AppContext,
  actor: Actor,
  params: Params,
  preloaded?: PreloadedScope,
): Promise<JsonText<TaskDesigns>> {
  const access = await loadDesignTask(ctx, actor, { projectId: params.id, taskId: params.taskId }, preloaded);
  return new JsonText(JSON.stringify(await presentTaskDesigns(ctx.db, actor, access)));
}
