import type { contract, EndpointParsed, ZipLink } from "@atelier/shared";
import type { Actor, AppContext } from "../../../core/context.ts";
import type { PreloadedScope } from "../../../core/sessions/scope.ts";
import { listCurrentFiles } from "../repo/files.ts";
import { findZip, insertZipRequest } from "../repo/zips.ts";
import { fileListHash } from "../zip-hash.ts";
import { loadDesignTask } from "./access.ts";

type Params = EndpointParsed<typeof contract.designs.zipDesign>["params"];

const noFiles: ZipLink = { success: true, zipCreated: false, designerFilesUploaded: false, linkToZip: null };

/**
 * `GET …/zipDesign`: whoever sees the task may download its files. Starts the job for the
 * current list, or reuses the zip (or the build under way) of the same list. A task without
 * files answers `designerFilesUploaded: false` (the dialog closes with 'No designer files on task').
 */
export async function startZip(
  ctx: AppContext,
  actor: Actor,
  params: Params,
  preloaded?: PreloadedScope,
): Promise<ZipLink> {
  const access = await loadDesignTask(ctx, actor, { projectId: params.id, taskId: params.taskId }, preloaded);
  const current = await listCurrentFiles(ctx.db, access.task.id);
  if (current.length === 0) return noFiles;
  const listHash = fileListHash(current.map((file) => file.fileKey));
  await ctx.db.transaction(async (tx) => {
    const created = await insertZipRequest(tx, access.task.id, listHash);
    // A build that is not finished is asked for again: if its job ran out of retries, this
    // starts a new one; if it is still queued, the singleton key keeps one (and a second run
    // would record nothing, see zip-job.ts).
    if (created || !(await findZip(tx, access.task.id, listHash))?.fileKey) {
      await ctx.jobs.send(
        "designs.zip",
        { taskId: access.task.id, listHash },
        { tx, singletonKey: `${access.task.id}:${listHash}` },
      );
    }
  });
  return zipLink(ctx, access.task.id, listHash, current.length);
}

/** `GET …/getZipLink`: polled once a second by the dialog (SPEC §4) until `zipCreated`. */
export async function getZipLink(
  ctx: AppContext,
  actor: Actor,
  params: Params,
  preloaded?: PreloadedScope,
): Promise<ZipLink> {
  const access = await loadDesignTask(ctx, actor, { projectId: params.id, taskId: params.taskId }, preloaded);
  const current = await listCurrentFiles(ctx.db, access.task.id);
  if (current.length === 0) return noFiles;
  return zipLink(ctx, access.task.id, fileListHash(current.map((file) => file.fileKey)), current.length);
}

async function zipLink(ctx: AppContext, taskId: string, listHash: string, filesTotal: number): Promise<ZipLink> {
  const zip = await findZip(ctx.db, taskId, listHash);
  return {
    success: true,
    zipCreated: !!zip?.fileKey,
    designerFilesUploaded: true,
    linkToZip: zip?.fileKey ?? null,
    filesWritten: zip?.fileKey ? filesTotal : Math.min(zip?.filesWritten ?? 0, filesTotal),
    filesTotal,
  };
}
