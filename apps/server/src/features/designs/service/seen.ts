import { type contract, DESIGN_MESSAGES, type EndpointParsed } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { notFound } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { findDesignerFile, listCurrentFiles } from "../repo/files.ts";
import { markCommentsSeen, markFileSeen } from "../repo/seen.ts";
import { loadDesignTask } from "./access.ts";

type DesignSeenInput = EndpointParsed<typeof contract.designs.designSeen>["body"];
type CommentsSeenInput = EndpointParsed<typeof contract.designs.commentsSeen>["body"];

/**
 * `POST /v3/project/task/designSeen`: anyone who sees the task marks a current file seen for
 * themselves. Seen flags are the reader's own, not changes to the task, so no event is recorded.
 */
export async function markDesignSeen(
  ctx: AppContext,
  actor: Actor,
  input: DesignSeenInput,
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const file = (await listCurrentFiles(ctx.db, access.task.id)).find((row) => row.fileKey === input.designerFileKey);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  await markFileSeen(ctx.db, file.id, actor.id);
}

/** `POST /comment/design/task/seen`: the reader has read a version's comments as they are now. */
export async function markDesignCommentsSeen(
  ctx: AppContext,
  actor: Actor,
  input: CommentsSeenInput,
  preloaded?: PreloadedScope,
): Promise<void> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const file = await findDesignerFile(ctx.db, access.task.id, input.designerFileUuid);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  await markCommentsSeen(ctx.db, file.id, actor.id);
}
