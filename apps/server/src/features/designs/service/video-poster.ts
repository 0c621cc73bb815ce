import {
  canSetDesignPoster,
  type contract,
  DESIGN_MESSAGES,
  type EndpointParsed,
  POSTER_CONTENT_TYPES,
  type TaskDesigns,
  VIDEO_MESSAGES,
} from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, notFound } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { deleteStoredUploads, forgetUploads, isPreviewableImage } from "../../files/index.ts";
import { findDesignerFile, findFileInfos } from "../repo/files.ts";
import { replacePosterKey } from "../repo/posters.ts";
import { changeDesigns, designEvent, ensureAllowed, ensureLive, factsOf, loadDesignTask } from "./access.ts";
import { ensureFreeOwnUploads } from "./files.ts";

type PosterInput = EndpointParsed<typeof contract.designs.setDesignPoster>["body"];

/**
 * `POST /v3/project/task/designPoster` (whoever may change the file): the caller's image upload
 * becomes the video version's poster, replacing (and forgetting) the one it had. The uploader's
 * browser calls it with a frame it captured, and again for "Use this frame as poster".
 */
export async function setDesignPoster(
  ctx: AppContext,
  actor: Actor,
  input: PosterInput,
  preloaded?: PreloadedScope,
): Promise<TaskDesigns> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const file = await findDesignerFile(ctx.db, access.task.id, input.designerFileUuid);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  ensureLive(access);
  ensureAllowed(canSetDesignPoster(actor, access.membership, factsOf(access), file));
  if (!file.contentType.startsWith("video/")) throw badInput({ designerFileUuid: VIDEO_MESSAGES.posterNeedsVideo });
  await ensureFreeOwnUploads(ctx, actor, [input.posterKey], () => "posterKey");
  const [poster] = await findFileInfos(ctx.db, [input.posterKey]);
  const isImage = (POSTER_CONTENT_TYPES as readonly string[]).includes(poster?.contentType ?? "");
  if (!isImage || !(await isPreviewableImage(ctx, input.posterKey))) {
    throw badInput({ posterKey: VIDEO_MESSAGES.posterNotImage });
  }
  let storageKeys: string[] = [];
  const designs = await changeDesigns(ctx, actor, access, async (tx, emit) => {
    const previous = await replacePosterKey(tx, file.id, input.posterKey);
    if (previous) storageKeys = await forgetUploads(tx, [previous]);
    emit(designEvent(actor, access.task, "design.posterSet", { designerFileUuid: file.id, fileName: file.name }));
  });
  await deleteStoredUploads(ctx, storageKeys);
  return designs;
}
