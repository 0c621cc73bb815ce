import { randomUUID } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { crc32 } from "node:zlib";
import { contract, type Project, type Task } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { buildCast, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, ok, pngBytes, uploadDesignFile } from "../../../test/design-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { designZips, files } from "../../db/schema/index.ts";
import { createLocalDiskStorage } from "../../storage/local-disk.ts";
import type { Storage } from "../../storage/storage.ts";
import { buildTaskZip } from "./zip-job.ts";

/**
 * The task zip: exactly the current files with the same bytes, images stored (not deflated),
 * same names kept apart, reused while the list is unchanged and rebuilt after a change, and a
 * server stopped in the middle of building leaves no half zip: a second server on the same
 * database and storage finishes it, once.
 */

interface ZipContent {
  name: string;
  bytes: Buffer;
  /** 0 stored, 8 deflated */
  method: number;
  /** the entry's CRC-32 as written in the zip matches its bytes */
  crcMatches: boolean;
}

function unzip(bytes: Buffer): Promise<ZipContent[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: ZipContent[] = [];
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, async (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          for await (const chunk of Readable.from(stream)) chunks.push(chunk as Buffer);
          const bytes = Buffer.concat(chunks);
          const crcMatches = crc32(bytes) === entry.crc32;
          entries.push({ name: entry.fileName, bytes, method: entry.compressionMethod, crcMatches });
          zip.readEntry();
        });
      });
      zip.on("end", () => resolve(entries));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/**
 * Shared storage whose writes can be made to stall half way, like a server stopped mid-write:
 * the write hangs after its first bytes until `release` fails it (the dead process's I/O).
 */
function stallableStorage(inner: Storage) {
  let stall = false;
  let started: () => void = () => {};
  let fail: (error: Error) => void = () => {};
  const storage: Storage = {
    ...inner,
    put(key, body) {
      if (!stall) return inner.put(key, body);
      let seen = 0;
      const halfway = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          if (seen < 1024) return callback(null, chunk);
          started();
          fail = (error) => callback(error);
        },
      });
      return inner.put(key, body.pipe(halfway));
    },
  };
  return {
    storage,
    /** the next writes stall; resolves once one has written its first bytes */
    armed(): Promise<void> {
      stall = true;
      return new Promise((resolve) => {
        started = resolve;
      });
    },
    release() {
      stall = false;
      fail(new Error("the server was stopped"));
    },
  };
}

const LEASE_ENV = { JOB_LEASE_SECONDS: "2", JOB_MAINTENANCE_SECONDS: "1" };
let storageDir: string;
let shared: ReturnType<typeof stallableStorage>;
let t: TestApp;
let cast: Cast;
let project: Project;
const { designs } = contract;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), "atelier-zip-storage-"));
  shared = stallableStorage(createLocalDiskStorage(storageDir));
  // Short job leases (2 s, maintenance every second): a stopped server's job lapses quickly.
  t = await createTestApp(LEASE_ENV, { storage: shared.storage });
  cast = await buildCast(t);
  project = await buildTeamProject(t, cast);
});
afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

const params = (task: Task) => ({ id: task.projectId, taskId: task.id });

async function download(app: TestApp, link: string): Promise<Buffer> {
  const res = await app.app.inject({ method: "GET", url: `/serve/s/${link}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/zip");
  return res.rawPayload;
}

/** Every file name in the shared storage folder, partial files included. */
async function storedNames(): Promise<string[]> {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function zipFiles(app: TestApp): Promise<number> {
  const rows = await app.ctx.db.select({ key: files.key }).from(files).where(eq(files.contentType, "application/zip"));
  return rows.length;
}

describe("task zip", () => {
  it("holds exactly the current files with the same bytes, reused until the list changes", async () => {
    const task = await buildWorkTask(t, cast, project);
    const designer = cast.designerOnTeam;
    const first = await pngBytes({ rgb: [10, 20, 30] });
    const second = await pngBytes({ rgb: [40, 50, 60], width: 120 });
    const notes = Buffer.from("Fonts: Inter. Colours: see the brand book.\n".repeat(50));
    const keys = [
      await uploadDesignFile(t, designer, first, "a.png"),
      await uploadDesignFile(t, designer, second, "a.png"),
      await uploadDesignFile(t, designer, notes, "notes.txt"),
    ];
    await addDesigns(t, designer, task, keys);

    const started = ok(
      "zip",
      await t.api(designs.zipDesign, { token: cast.projectManager.token, params: params(task) }),
    );
    expect(started).toEqual({
      success: true,
      zipCreated: false,
      designerFilesUploaded: true,
      linkToZip: null,
      filesWritten: 0,
      filesTotal: 3,
    });
    await t.drainJobs();
    const ready = ok(
      "link",
      await t.api(designs.getZipLink, { token: cast.projectManager.token, params: params(task) }),
    );
    expect(ready).toMatchObject({ success: true, zipCreated: true, designerFilesUploaded: true });
    expect(ready).toMatchObject({ filesWritten: 3, filesTotal: 3 });
    const link = ready.linkToZip ?? "";

    const entries = await unzip(await download(t, link));
    expect(entries.map((entry) => entry.name)).toEqual(["a.png", "a (2).png", "notes.txt"]);
    const originals = [first, second, notes];
    expect(entries.every((entry, index) => entry.bytes.equals(originals[index] ?? Buffer.alloc(0)))).toBe(true);
    expect(entries.map((entry) => entry.method)).toEqual([0, 0, 8]);
    expect(entries.every((entry) => entry.crcMatches)).toBe(true);

    // The task carries the link; asking again reuses the zip without building anything.
    const asTask = ok("task", await t.api(contract.tasks.get, { token: cast.owner.token, params: params(task) }));
    expect(asTask.designZipLink).toBe(link);
    const reused = ok("zip again", await t.api(designs.zipDesign, { token: cast.owner.token, params: params(task) }));
    expect(reused).toMatchObject({ zipCreated: true, linkToZip: link });
    const zipsBefore = await zipFiles(t);
    await t.drainJobs();
    expect(await zipFiles(t)).toBe(zipsBefore);

    // A change to the list: the old zip no longer answers, a new one is built with the new list.
    ok(
      "remove",
      await t.api(designs.removeDesign, {
        token: designer.token,
        body: { projectId: project.id, taskId: task.id, removedDesignFileKey: keys[2] ?? "" },
      }),
    );
    const stale = ok(
      "link after change",
      await t.api(designs.getZipLink, { token: cast.owner.token, params: params(task) }),
    );
    expect(stale).toMatchObject({ zipCreated: false, linkToZip: null });
    // The old zip holds the removed file: it is gone at once too, not only unlinked.
    expect((await t.app.inject({ method: "GET", url: `/serve/s/${link}` })).statusCode).toBe(404);
    ok("rebuild", await t.api(designs.zipDesign, { token: cast.owner.token, params: params(task) }));
    await t.drainJobs();
    const rebuilt = ok("new link", await t.api(designs.getZipLink, { token: cast.owner.token, params: params(task) }));
    expect(rebuilt.zipCreated).toBe(true);
    expect(rebuilt.linkToZip).not.toBe(link);
    const again = await unzip(await download(t, rebuilt.linkToZip ?? ""));
    expect(again.map((entry) => entry.name)).toEqual(["a.png", "a (2).png"]);
    // The old zip is gone from the database and from storage.
    expect((await t.app.inject({ method: "GET", url: `/serve/s/${link}` })).statusCode).toBe(404);
  });

  it("answers designerFilesUploaded false for a task without files", async () => {
    const task = await buildWorkTask(t, cast, project);
    const res = ok("zip", await t.api(designs.zipDesign, { token: cast.projectManager.token, params: params(task) }));
    expect(res).toEqual({ success: true, zipCreated: false, designerFilesUploaded: false, linkToZip: null });
  });

  it("finishes after a restart when the server stopped half way, with one good zip", async () => {
    const task = await buildWorkTask(t, cast, project);
    const designer = cast.designerOnTeam;
    const images = [
      await pngBytes({ width: 600, height: 400, rgb: [1, 2, 3] }),
      await pngBytes({ width: 500, rgb: [4, 5, 6] }),
    ];
    await addDesigns(t, designer, task, [
      await uploadDesignFile(t, designer, images[0] ?? Buffer.alloc(0), "hero.png"),
      await uploadDesignFile(t, designer, images[1] ?? Buffer.alloc(0), "detail.png"),
    ]);
    const zipsBefore = await zipFiles(t);
    ok("zip", await t.api(designs.zipDesign, { token: cast.projectManager.token, params: params(task) }));

    // The first server takes the job and dies in the middle of writing the zip: its lease is no
    // longer renewed, and its partial file stays behind as a killed process's would.
    const writing = shared.armed();
    const dying = t.drainJobs();
    await writing;
    await t.ctx.jobs.stop({ graceful: false });
    expect((await storedNames()).some((name) => name.endsWith(".partial"))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 2_500));

    // A second server on the same database and storage: nothing half-built is visible.
    const second = await createTestApp(
      LEASE_ENV,
      { storage: createLocalDiskStorage(storageDir) },
      { database: t.database },
    );
    try {
      const pending = ok(
        "link",
        await second.api(designs.getZipLink, { token: cast.projectManager.token, params: params(task) }),
      );
      expect(pending).toMatchObject({ zipCreated: false, linkToZip: null, filesTotal: 2 });
      // Stopped while writing: the progress the job recorded, short of the whole list.
      expect(pending.filesWritten).toBeLessThan(2);
      // The dialog asks again after the restart; the new server builds the zip.
      ok("zip again", await second.api(designs.zipDesign, { token: cast.projectManager.token, params: params(task) }));
      await second.drainJobs();
      const done = ok(
        "link",
        await second.api(designs.getZipLink, { token: cast.projectManager.token, params: params(task) }),
      );
      expect(done.zipCreated).toBe(true);
      const entries = await unzip(await download(second, done.linkToZip ?? ""));
      expect(entries.map((entry) => entry.name)).toEqual(["hero.png", "detail.png"]);
      expect(entries.every((entry, index) => entry.bytes.equals(images[index] ?? Buffer.alloc(0)))).toBe(true);
      // The dead server's partial file was removed before the zip was built again.
      expect((await storedNames()).filter((name) => name.endsWith(".partial"))).toEqual([]);

      // The stopped server's write fails; its job, retried later, finds the zip made and adds none.
      shared.release();
      await dying;
      const { listHash } = await jobData(second, task);
      await buildTaskZip(second.ctx, { taskId: task.id, listHash }, { id: randomUUID() });
      const after = ok(
        "link",
        await second.api(designs.getZipLink, { token: cast.projectManager.token, params: params(task) }),
      );
      expect(after.linkToZip).toBe(done.linkToZip);
      expect(await zipFiles(second)).toBe(zipsBefore + 1);
    } finally {
      await second.close();
    }
  });
});

async function jobData(app: TestApp, task: Task): Promise<{ listHash: string }> {
  const [row] = await app.ctx.db
    .select({ listHash: designZips.listHash })
    .from(designZips)
    .where(eq(designZips.taskId, task.id));
  if (!row) throw new Error("no zip request");
  return row;
}
