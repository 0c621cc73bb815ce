import {
  canEditTask,
  type contract,
  type EndpointParsed,
  TASK_FILES_MAX,
  TASK_MESSAGES,
  type Task,
} from "@atelier/shared";
import type { Actor } from "../../../core/context.ts";
import { badInput } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { uploadsOwnedBy } from "../../files/index.ts";
import { attachFiles, countFiles, detachFiles } from "../repo/files.ts";
import { changeTask, ensureAllowed, ensureNotArchived, loadVisibleTask, taskEvent } from "./access.ts";
import type { TasksContext } from "./designs.ts";

type FilesChange = EndpointParsed<typeof contract.tasks.addDescriptionFiles>["body"];

/**
 * Description files must be uploads the caller made (`POST /upload/file`): a key alone must not
 * let anyone attach, and so publish, someone else's file. Any other key is a 400 on its field
 * (`descriptionFileKeys.2`), before anything is written. Answers the keys once each.
 */
export async function ensureOwnUploads(
  ctx: TasksContext,
  actor: Actor,
  keys: readonly string[],
  field: string,
): Promise<string[]> {
  const owned = await uploadsOwnedBy(ctx.db, actor.id, keys);
  const fields: Record<string, string> = {};
  keys.forEach((key, index) => {
    if (!owned.has(key)) fields[`${field}.${index}`] = TASK_MESSAGES.fileNotYours;
  });
  if (Object.keys(fields).length > 0) throw badInput(fields);
  return [...new Set(keys)];
}

/** `POST /v3/project/task/addDescriptionFiles` (owner, editor, staff): at most TASK_FILES_MAX in all. */
export async function addDescriptionFiles(
  ctx: TasksContext,
  actor: Actor,
  input: FilesChange,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canEditTask(actor, access.membership));
  ensureNotArchived(access.task);
  const keys = await ensureOwnUploads(ctx, actor, input.fileKeys, "fileKeys");
  return changeTask(ctx, actor, access, async (tx, emit) => {
    const added = await attachFiles(tx, { taskId: access.task.id, keys, addedById: actor.id });
    if ((await countFiles(tx, access.task.id)) > TASK_FILES_MAX) {
      throw badInput({ fileKeys: `At most ${TASK_FILES_MAX} files` });
    }
    if (added > 0) emit(taskEvent(actor, access.task, "task.filesChanged", { added, removed: 0 }));
  });
}

/** `POST /v3/project/task/removeDescriptionFiles` (owner, editor, staff): the uploads themselves stay. */
export async function removeDescriptionFiles(
  ctx: TasksContext,
  actor: Actor,
  input: FilesChange,
  preloaded?: PreloadedScope,
): Promise<Task> {
  const access = await loadVisibleTask(ctx, actor, input, preloaded);
  ensureAllowed(canEditTask(actor, access.membership));
  ensureNotArchived(access.task);
  return changeTask(ctx, actor, access, async (tx, emit) => {
    const removed = await detachFiles(tx, access.task.id, input.fileKeys);
    if (removed > 0) emit(taskEvent(actor, access.task, "task.filesChanged", { added: 0, removed }));
  });
}
