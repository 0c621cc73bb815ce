import type { contract, EndpointParsed, TaskDesigns } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { JsonText } from "../../../core/route.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { loadDesignTask, presentTaskDesignsJson } from "./access.ts";

type Params = EndpointParsed<typeof contract.designs.get>["params"];

/** `GET /v3/project/{id}/task/{taskId}/designs`: whoever sees the task sees its designs. */
export async function getTaskDesigns(
  ctx: AppContext,
  actor: Actor,
  params: Params,
  preloaded?: PreloadedScope,
): Promise<JsonText<TaskDesigns>> {
  const access = await loadDesignTask(ctx, actor, { projectId: params.id, taskId: params.taskId }, preloaded);
  return presentTaskDesignsJson(ctx.db, actor, access);
}
