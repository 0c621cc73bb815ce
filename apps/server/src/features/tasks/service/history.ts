import type { contract, EndpointParsed, TaskHistoryItem } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { decodeCursor, toPage } from "../../../core/cursor.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { presentHistoryItem } from "../presenter.ts";
import { listTaskEvents } from "../repo/history.ts";
import { loadVisibleTask, viewerOf } from "./access.ts";

type HistoryQuery = EndpointParsed<typeof contract.tasks.history>["query"];

/** `GET /v3/project/{id}/task/{taskId}/history`: the task's events, newest first, keyset-paged by event id. */
export async function listTaskHistory(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; taskId: string; query: HistoryQuery },
  preloaded?: PreloadedScope,
): Promise<{ items: TaskHistoryItem[]; nextCursor: string | null }> {
  const access = await loadVisibleTask(ctx, actor, { projectId: input.id, taskId: input.taskId }, preloaded);
  const after = decodeCursor(input.query.cursor, ["number"] as const);
  const rows = await listTaskEvents(ctx.db, {
    taskId: access.task.id,
    beforeId: after ? after[0] : null,
    limit: input.query.limit,
  });
  const viewer = viewerOf(actor, access);
  return toPage(
    rows,
    input.query.limit,
    (row) => presentHistoryItem(viewer, row),
    (row) => [row.id],
  );
}
