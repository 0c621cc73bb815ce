import { randomUUID } from "node:crypto";
import {
  canAddDesign,
  canChangeDesignFile,
  canReorderDesigns,
  type contract,
  DESIGN_FILES_PER_TASK_MAX,
  DESIGN_MESSAGES,
  type EndpointParsed,
  isStaff,
  type TaskDesigns,
} from "@atelier/shared";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";
import type { Actor, AppContext } from "../../../core/context.ts";
import { badInput, notFound, ruleRefused } from "../../../core/errors.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import type { Tx } from "../../../db/client.ts";
import { deleteStoredUploads, forgetUploads, isPreviewableImage, uploadsOwnedBy } from "../../files/index.ts";
import { markTaskUnseenForOthers } from "../../tasks/index.ts";
import {
  deleteLineages,
  findAttachedKeys,
  findDesignerFile,
  insertDesignerFiles,
  listCurrentFiles,
  retireVersion,
  setOrderKeys,
} from "../repo/files.ts";
import { deleteTaskZips } from "../repo/zips.ts";
import {
  changeDesigns,
  designEvent,
  ensureAllowed,
  ensureLive,
  factsOf,
  loadDesignTask,
  type TaskAccess,
} from "./access.ts";
import { pdfKeysAmong, queuePdfPreviews } from "./pdf-previews.ts";

type AddInput = EndpointParsed<typeof contract.designs.addDesign>["body"];
type VersionInput = EndpointParsed<typeof contract.designs.addDesignVersion>["body"];
type RemoveInput = EndpointParsed<typeof contract.designs.removeDesign>["body"];
type RemoveAllInput = EndpointParsed<typeof contract.designs.removeAllDesigns>["body"];
type OrderInput = EndpointParsed<typeof contract.designs.updateDesignFileOrder>["body"];

/**
 * Keys to attach must be uploads the caller made and not attached anywhere yet; any other key is
 * a 400 on its field (`addedDesignsFileKeys.2`) before anything is written.
 */
export async function ensureFreeOwnUploads(
  ctx: AppContext,
  actor: Actor,
  keys: readonly string[],
  field: (index: number) => string,
): Promise<void> {
  const owned = await uploadsOwnedBy(ctx.db, actor.id, keys);
  const attached = await findAttachedKeys(ctx.db, keys);
  const fields: Record<string, string> = {};
  keys.forEach((key, index) => {
    if (!owned.has(key)) fields[field(index)] = DESIGN_MESSAGES.fileNotYours;
    else if (attached.has(key)) fields[field(index)] = DESIGN_MESSAGES.fileAlreadyAttached;
  });
  if (Object.keys(fields).length > 0) throw badInput(fields);
}

/** Decoded before the transaction (it reads whole files), so the lock is held only for writes. */
async function previewability(ctx: AppContext, keys: readonly string[]): Promise<Map<string, boolean>> {
  const result = new Map<string, boolean>();
  for (const key of keys) result.set(key, await isPreviewableImage(ctx, key));
  return result;
}

/** `POST /v3/project/task/addDesign` (assigned designer, staff): new files at the end of the order. */
export async function addDesigns(
  ctx: AppContext,
  actor: Actor,
  input: AddInput,
  preloaded?: PreloadedScope,
): Promise<TaskDesigns> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  ensureLive(access);
  ensureAllowed(canAddDesign(actor, access.membership, factsOf(access)));
  const keys = [...new Set(input.addedDesignsFileKeys)];
  await ensureFreeOwnUploads(ctx, actor, keys, (index) => `addedDesignsFileKeys.${index}`);
  const previewable = await previewability(ctx, keys);
  const pdfKeys = await pdfKeysAmong(ctx, keys);
  return changeDesigns(ctx, actor, access, async (tx, emit) => {
    const current = await listCurrentFiles(tx, access.task.id);
    if (current.length + keys.length > DESIGN_FILES_PER_TASK_MAX) throw ruleRefused(DESIGN_MESSAGES.tooManyFiles);
    const orderKeys = generateNKeysBetween(current.at(-1)?.orderKey ?? null, null, keys.length);
    const rows = keys.map((fileKey, index) => {
      const id = randomUUID();
      return {
        id,
        taskId: access.task.id,
        fileKey,
        lineageId: id,
        version: 1,
        current: true,
        orderKey: orderKeys[index] ?? generateKeyBetween(null, null),
        addedById: actor.id,
        previewable: previewable.get(fileKey) ?? false,
      };
    });
    // The unique key index also refuses a key attached by a concurrent call (the check above ran
    // before the lock); that surfaces as an error rather than a double attachment.
    await insertDesignerFiles(tx, rows);
    await queuePdfPreviews(ctx, tx, pdfKeys);
    await markTaskUnseenForOthers(tx, access.task, actor.id);
    const names = await listCurrentFiles(tx, access.task.id);
    for (const row of rows) {
      const fileName = names.find((file) => file.id === row.id)?.name ?? "";
      emit(designEvent(actor, access.task, "design.added", { designerFileUuid: row.id, fileName }));
    }
  });
}

/** A version of a file on the task by its id, or 404. */
async function findFileOn(ctx: AppContext, access: TaskAccess, id: string) {
  const file = await findDesignerFile(ctx.db, access.task.id, id);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  return file;
}

/**
 * `POST /v3/project/task/addDesignVersion` (the file's uploader while assigned, staff): the
 * upload becomes the current version in the same place; older versions keep their comments.
 */
export async function addDesignVersion(
  ctx: AppContext,
  actor: Actor,
  input: VersionInput,
  preloaded?: PreloadedScope,
): Promise<TaskDesigns> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  ensureLive(access);
  const named = await findFileOn(ctx, access, input.designerFileUuid);
  ensureAllowed(canChangeDesignFile(actor, access.membership, factsOf(access), named));
  await ensureFreeOwnUploads(ctx, actor, [input.designerFileKey], () => "designerFileKey");
  const previewable = await isPreviewableImage(ctx, input.designerFileKey);
  const pdfKeys = await pdfKeysAmong(ctx, [input.designerFileKey]);
  return changeDesigns(ctx, actor, access, async (tx, emit) => {
    // The current version is read under the lock: another version may have landed meanwhile.
    const head = (await listCurrentFiles(tx, access.task.id)).find((file) => file.lineageId === named.lineageId);
    if (!head) throw notFound(DESIGN_MESSAGES.designNotFound);
    const id = randomUUID();
    await retireVersion(tx, head.id);
    await insertDesignerFiles(tx, [
      {
        id,
        taskId: access.task.id,
        fileKey: input.designerFileKey,
        lineageId: head.lineageId,
        version: head.version + 1,
        current: true,
        orderKey: head.orderKey,
        addedById: actor.id,
        previewable,
      },
    ]);
    await queuePdfPreviews(ctx, tx, pdfKeys);
    await markTaskUnseenForOthers(tx, access.task, actor.id);
    const fileName = (await findDesignerFile(tx, access.task.id, id))?.name ?? "";
    emit(
      designEvent(actor, access.task, "design.versionAdded", {
        designerFileUuid: id,
        previousUuid: head.id,
        version: head.version + 1,
        fileName,
      }),
    );
  });
}

/**
 * Removed designs are gone at once: in the removal's transaction their upload rows go (and the
 * task's zips, which hold them), so serving them answers 404 from the commit on; the stored bytes
 * and resized copies are deleted after it.
 */
async function forgetRemovedDesigns(tx: Tx, taskId: string, removedKeys: readonly string[]): Promise<string[]> {
  if (removedKeys.length === 0) return [];
  const zips = await deleteTaskZips(tx, taskId);
  return forgetUploads(tx, [...removedKeys, ...zips]);
}

/** `POST /v3/project/task/removeDesign` (its uploader while assigned, staff): all versions go. */
export async function removeDesign(
  ctx: AppContext,
  actor: Actor,
  input: RemoveInput,
  preloaded?: PreloadedScope,
): Promise<TaskDesigns> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  const current = await listCurrentFiles(ctx.db, access.task.id);
  const file = current.find((row) => row.fileKey === input.removedDesignFileKey);
  if (!file) throw notFound(DESIGN_MESSAGES.designNotFound);
  ensureLive(access);
  ensureAllowed(canChangeDesignFile(actor, access.membership, factsOf(access), file));
  let storageKeys: string[] = [];
  const designs = await changeDesigns(ctx, actor, access, async (tx, emit) => {
    const removed = await deleteLineages(tx, access.task.id, [file.lineageId]);
    if (removed.length === 0) return;
    storageKeys = await forgetRemovedDesigns(tx, access.task.id, removed);
    emit(designEvent(actor, access.task, "design.removed", { designerFileUuid: file.id, fileName: file.name }));
  });
  await deleteStoredUploads(ctx, storageKeys);
  return designs;
}

/** `POST /v3/project/task/removeAllDesigns`: staff, or the assigned designer when every file is theirs. */
export async function removeAllDesigns(
  ctx: AppContext,
  actor: Actor,
  input: RemoveAllInput,
  preloaded?: PreloadedScope,
): Promise<TaskDesigns> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  ensureLive(access);
  const facts = factsOf(access);
  const current = await listCurrentFiles(ctx.db, access.task.id);
  ensureAllowed(
    isStaff(actor.role) || current.every((file) => canChangeDesignFile(actor, access.membership, facts, file)),
  );
  ensureAllowed(canAddDesign(actor, access.membership, facts));
  let storageKeys: string[] = [];
  const designs = await changeDesigns(ctx, actor, access, async (tx, emit) => {
    const files = await listCurrentFiles(tx, access.task.id);
    const removed = await deleteLineages(
      tx,
      access.task.id,
      files.map((file) => file.lineageId),
    );
    storageKeys = await forgetRemovedDesigns(tx, access.task.id, removed);
    for (const file of files) {
      emit(designEvent(actor, access.task, "design.removed", { designerFileUuid: file.id, fileName: file.name }));
    }
  });
  await deleteStoredUploads(ctx, storageKeys);
  return designs;
}

/**
 * `POST /v3/project/task/updateDesignFileOrder` (assigned designer, staff): the list must name
 * each current file once (400 otherwise); keys are rewritten only where the order changed.
 */
export async function updateDesignOrder(
  ctx: AppContext,
  actor: Actor,
  input: OrderInput,
  preloaded?: PreloadedScope,
): Promise<TaskDesigns> {
  const access = await loadDesignTask(ctx, actor, input, preloaded);
  ensureLive(access);
  ensureAllowed(canReorderDesigns(actor, access.membership, factsOf(access)));
  return changeDesigns(ctx, actor, access, async (tx, emit) => {
    const current = await listCurrentFiles(tx, access.task.id);
    const byKey = new Map(current.map((file) => [file.fileKey, file]));
    const wanted = input.designerFileList;
    if (
      wanted.length !== current.length ||
      new Set(wanted).size !== wanted.length ||
      !wanted.every((key) => byKey.has(key))
    ) {
      throw badInput({ designerFileList: DESIGN_MESSAGES.orderMismatch });
    }
    if (wanted.every((key, index) => current[index]?.fileKey === key)) return;
    const keys = generateNKeysBetween(null, null, wanted.length);
    await setOrderKeys(
      tx,
      wanted.map((key, index) => ({ id: byKey.get(key)?.id ?? "", orderKey: keys[index] ?? "" })),
    );
    emit(designEvent(actor, access.task, "design.reordered", {}));
  });
}
