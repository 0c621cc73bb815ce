import type { Readable } from "node:stream";
import { type DataExport, PRIVACY_MESSAGES } from "@atelier/shared";
import type { BinaryAnswer } from "../../../core/binary-route.ts";
import type { Actor, AppContext } from "../../../core/context.ts";
import { conflict, notFound } from "../../../core/errors.ts";
import type { Jobs } from "../../../core/jobs/jobs.ts";
import type { DataSubject } from "../../../core/personal-data.ts";
import { secretBoxFor } from "../../../lib/secret-box.ts";
import { newFileKey } from "../../../lib/tokens.ts";
import { writeZip, type ZipEntry } from "../../../lib/zip.ts";
import { findUserById } from "../../users/index.ts";
import { presentDataExport } from "../presenter.ts";
import {
  type DataExportRow,
  deleteDataExports,
  findDataExport,
  findLatestDataExport,
  insertDataExport,
  updateDataExport,
} from "../repo/exports.ts";

const EXPORT_DAYS = 7;
const FORMAT = "atelier-personal-data/1";

/** `POST /profile/export`: queues a new export; while one is being built, answers that one. */
export async function startExport(ctx: AppContext, actor: Actor): Promise<DataExport> {
  const latest = await findLatestDataExport(ctx.db, actor.id);
  if (latest && (latest.status === "queued" || latest.status === "running")) {
    throw conflict(PRIVACY_MESSAGES.exportRunning);
  }
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertDataExport(tx, actor.id);
    await ctx.jobs.send("privacy.export", { exportId: created.id }, { tx });
    return created;
  });
  return presentDataExport(row, null);
}

/** `GET /profile/export`: the latest export, with its download link once ready. */
export async function getLatestExport(ctx: AppContext, actor: Actor): Promise<{ export: DataExport | null }> {
  const row = await findLatestDataExport(ctx.db, actor.id);
  return { export: row ? presentDataExport(row, downloadUrl(ctx, row)) : null };
}

function downloadUrl(ctx: AppContext, row: DataExportRow): string | null {
  if (row.status !== "ready" || !row.expiresAt || row.expiresAt.getTime() <= Date.now()) return null;
  return `/profile/export/download/${row.id}.${secretBoxFor(ctx.config).sign(`export:${row.id}`)}`;
}

/** `GET /profile/export/download/:token`: the zip, for whoever holds the signed link, until it expires. */
export async function downloadExport(ctx: AppContext, _actor: null, input: { token: string }): Promise<BinaryAnswer> {
  const [id, signature] = input.token.split(".");
  const valid =
    id && signature && /^[0-9a-f-]{36}$/.test(id) && secretBoxFor(ctx.config).verify(`export:${id}`, signature);
  const row = valid ? await findDataExport(ctx.db, id) : undefined;
  if (!row?.storageKey || downloadUrl(ctx, row) === null) throw notFound();
  const stored = await ctx.storage.get(row.storageKey);
  if (!stored) throw notFound();
  const day = row.createdAt.toISOString().slice(0, 10);
  return {
    status: 200,
    headers: {
      "content-type": "application/zip",
      "content-length": String(stored.size),
      "content-disposition": `attachment; filename="${ctx.config.productName.replace(/[^A-Za-z0-9_-]/g, "")}-data-${day}.zip"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
    body: stored.stream,
  };
}

/** The job that builds an export: every source's records as one JSON, plus the person's files. */
export function defineExportJob(ctx: AppContext, jobs: Jobs): void {
  jobs.define("privacy.export", (data) => buildExport(ctx, data.exportId), { retryLimit: 2, retryDelaySeconds: 30 });
}

async function buildExport(ctx: AppContext, exportId: string): Promise<void> {
  const row = await findDataExport(ctx.db, exportId);
  if (!row || row.status === "ready") return;
  const user = await findUserById(ctx.db, row.userId);
  if (!user) return;
  const subject: DataSubject = { id: user.id, email: user.email, role: user.role };
  try {
    await updateDataExport(ctx.db, exportId, { status: "running", progress: 5 });
    const document: Record<string, unknown> = { format: FORMAT, exportedAt: new Date().toISOString() };
    const files: { key: string; name: string }[] = [];
    for (const source of ctx.personalData) {
      const part = await source.export(ctx.db, subject);
      Object.assign(document, part.records);
      files.push(...(part.files ?? []));
    }
    await updateDataExport(ctx.db, exportId, { progress: 20 });
    const entries: ZipEntry[] = [{ name: "data.json", data: `${JSON.stringify(document, null, 2)}\n` }];
    for (const file of files) {
      if ((await ctx.storage.size(file.key)) === null) continue;
      entries.push({ name: `files/${file.name}`, open: () => openStored(ctx, file.key) });
    }
    const progress = trackProgress(ctx, exportId);
    const storageKey = `export-${newFileKey()}`;
    const size = await ctx.storage.put(storageKey, writeZip(entries, progress.report));
    await progress.settled();
    const finishedAt = new Date();
    const kept = await ctx.db.transaction(async (tx) => {
      const updated = await updateDataExport(tx, exportId, {
        status: "ready",
        progress: 100,
        storageKey,
        size,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_DAYS * 24 * 60 * 60 * 1000),
      });
      if (!updated) return false;
      const old = await deleteDataExports(tx, subject.id, exportId);
      await Promise.all(old.map((key) => ctx.storage.remove(key)));
      return true;
    });
    // The person removed all their information while the zip was written: it must not stay.
    if (!kept) await ctx.storage.remove(storageKey);
  } catch (error) {
    await updateDataExport(ctx.db, exportId, { status: "failed" });
    throw error;
  }
}

async function openStored(ctx: AppContext, key: string): Promise<Readable> {
  const stored = await ctx.storage.get(key);
  if (!stored) throw new Error(`stored file ${key} is gone`);
  return stored.stream;
}

/** Progress from 20 to 95 % as the zip writer reaches each file, one write per 5 % at most. */
function trackProgress(ctx: AppContext, exportId: string) {
  let written = 20;
  let chain: Promise<void> = Promise.resolve();
  return {
    report(done: number, total: number) {
      const percent = Math.min(95, 20 + Math.floor((75 * done) / Math.max(total, 1)));
      if (percent - written < 5) return;
      written = percent;
      chain = chain.then(async () => {
        await updateDataExport(ctx.db, exportId, { progress: percent });
      });
    },
    settled: () => chain,
  };
}
