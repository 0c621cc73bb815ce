import type { Readable } from "node:stream";
import type { AppContext } from "../../core/context.ts";
import type { Jobs } from "../../core/jobs/jobs.ts";
import { withTransaction } from "../../core/transaction.ts";
import { newFileKey } from "../../lib/tokens.ts";
import { writeZip, type ZipEntry, zipSafeName } from "../../lib/zip.ts";
import { type CurrentFile, listCurrentFiles } from "./repo/files.ts";
import {
  claimZipBuild,
  deleteOtherZips,
  deleteZipFiles,
  deleteZipRequest,
  findTaskTitle,
  findZip,
  insertZipFile,
  recordZip,
  setZipProgress,
} from "./repo/zips.ts";
import { fileListHash } from "./zip-hash.ts";

/** Types whose bytes are already compressed: stored as they are, not deflated again. */
const STORED_TYPES = /^(image\/(png|jpeg|gif|webp|avif|heic)|video\/|audio\/|application\/(zip|gzip|pdf|x-7z))/;

/**
 * Entry names: each file's own name made safe, and "a (2).png", "a (3).png"… when names repeat
 * (case-insensitively, as many unzip tools treat them), so every file survives extraction.
 */
export function zipEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    const name = zipSafeName(raw);
    const dot = name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/**
 * The zip job: retried by its queue after a failure or after its instance died, and safe to run
 * twice (decision 028). Each run claims the build in the zip's row with the storage key it will
 * write, before writing; a later run finds a claim whose job no longer runs (its lease lapsed)
 * and first removes what that run left under its key, partial file included. The zip is published
 * (its file row and the zip's `fileKey`) in one transaction, only by the run holding the claim
 * and only if none was published first, so a retry never publishes twice nor leaves a half zip.
 */
export function defineZipJob(ctx: AppContext, jobs: Jobs): void {
  jobs.define("designs.zip", (data, job) => buildTaskZip(ctx, data, job), { retryLimit: 5, retryDelaySeconds: 5 });
}

export async function buildTaskZip(
  ctx: AppContext,
  data: { taskId: string; listHash: string },
  run: { id: string; signal?: AbortSignal },
): Promise<void> {
  const request = await findZip(ctx.db, data.taskId, data.listHash);
  if (!request || request.fileKey) return;
  const current = await listCurrentFiles(ctx.db, data.taskId);
  if (current.length === 0 || fileListHash(current.map((file) => file.fileKey)) !== data.listHash) {
    // The list changed before the zip was built: nobody can ask for this one any more.
    await deleteZipRequest(ctx.db, data.taskId, data.listHash);
    return;
  }
  const previousJobId = request.buildingJobId;
  // Another job's run is building it right now: that run publishes it (or its retry does).
  if (previousJobId && previousJobId !== run.id && (await ctx.jobs.isRunning(previousJobId))) return;
  // A run that died (this job's earlier try, or another job's) left its bytes or a partial file.
  if (request.buildingKey) await ctx.storage.remove(request.buildingKey);
  const key = newFileKey();
  if (!(await claimZipBuild(ctx.db, { ...data, previousJobId }, { jobId: run.id, key }))) return;

  const title = await findTaskTitle(ctx.db, data.taskId);
  // Progress for the dialog (getZipLink): one small update as each file is reached, in order and
  // never in the way of the stream; a failed update only loses a step of the bar.
  let progress = Promise.resolve();
  const report = (written: number) => {
    progress = progress
      .then(() => setZipProgress(ctx.db, data.taskId, data.listHash, written))
      .catch((error: unknown) => ctx.log.warn({ err: error }, "zip progress not recorded"));
  };
  let size: number;
  try {
    size = await ctx.storage.put(key, writeZip(entriesOf(ctx, current), report));
    run.signal?.throwIfAborted();
  } catch (error) {
    await ctx.storage.remove(key);
    throw error;
  } finally {
    await progress;
  }
  const { recorded, stale } = await withTransaction(ctx, async (tx) => {
    await insertZipFile(tx, { key, size, name: `${zipSafeName(title ?? "designs")}.zip` });
    const won = await recordZip(tx, data.taskId, data.listHash, key, current.length);
    if (!won) {
      await deleteZipFiles(tx, [key]);
      return { recorded: false, stale: [] as string[] };
    }
    const old = await deleteOtherZips(tx, data.taskId, data.listHash);
    await deleteZipFiles(tx, old);
    return { recorded: true, stale: old };
  });
  if (!recorded) await ctx.storage.remove(key);
  await Promise.all(stale.map((oldKey) => ctx.storage.remove(oldKey)));
}

function entriesOf(ctx: AppContext, current: readonly CurrentFile[]): ZipEntry[] {
  const names = zipEntryNames(current.map((file) => file.name));
  return current.map((file, index) => ({
    name: names[index] ?? file.fileKey,
    compress: !STORED_TYPES.test(file.contentType),
    open: () => openStored(ctx, file.fileKey),
  }));
}

async function openStored(ctx: AppContext, key: string): Promise<Readable> {
  const stored = await ctx.storage.get(key);
  if (!stored) throw new Error(`stored design ${key} is gone`);
  return stored.stream;
}
