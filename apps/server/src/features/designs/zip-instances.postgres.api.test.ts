import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { contract } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCast, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, ok, pngBytes, uploadDesignFile } from "../../../test/design-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";
import { JOB_SCHEMA } from "../../db/job-schema.ts";
import { files } from "../../db/schema/index.ts";
import { createLocalDiskStorage } from "../../storage/local-disk.ts";

// A zip job whose instance is killed (kill -9) in the middle of writing is picked up by another
// instance within 60 s, built once, and leaves no partial file. The killed instance is a child
// process (test/zip-worker-main.ts) over the same PostgreSQL database and storage folder.

const LEASE_ENV = { JOB_LEASE_SECONDS: "2", JOB_MAINTENANCE_SECONDS: "1" };
const root = path.resolve(import.meta.dirname, "../../../../..");
const { designs } = contract;

let storageDir: string;
let t: TestApp;
let cast: Cast;
let worker: ChildProcess | undefined;

beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), "atelier-zip-instances-"));
  t = await createTestApp(LEASE_ENV, { storage: createLocalDiskStorage(storageDir) });
  cast = await buildCast(t);
});
afterAll(async () => {
  worker?.kill("SIGKILL");
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

async function storedNames(): Promise<string[]> {
  const entries = await readdir(storageDir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** Starts the worker instance (node itself, so SIGKILL reaches the worker and not a wrapper); once it is ready, answers a promise of its STALLED line. */
function startWorker(): Promise<{ stalled: Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/test/zip-worker-main.ts")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...LEASE_ENV, DATABASE_URL: t.databaseUrl ?? "", ZIP_STORAGE_DIR: storageDir },
  });
  worker = child;
  let output = "";
  let ready: () => void = () => {};
  let stalled: () => void = () => {};
  const isStalled = new Promise<void>((resolve) => {
    stalled = resolve;
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  setTimeout(() => {
    if (!output.includes("STALLED")) process.stderr.write(`worker said: ${output}\n`);
  }, 30_000).unref();
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    if (output.includes("READY")) ready();
    if (output.includes("STALLED")) stalled();
  });
  return new Promise((resolve) => {
    ready = () => resolve({ stalled: isStalled });
  });
}

describe("a zip job whose instance is killed", () => {
  it("is retried by another instance within 60 s, built once, with no partial file left", async () => {
    const project = await buildTeamProject(t, cast);
    const task = await buildWorkTask(t, cast, project);
    const designer = cast.designerOnTeam;
    await addDesigns(t, designer, task, [
      await uploadDesignFile(t, designer, await pngBytes({ width: 600, height: 400, rgb: [1, 2, 3] }), "hero.png"),
      await uploadDesignFile(t, designer, await pngBytes({ width: 500, rgb: [4, 5, 6] }), "detail.png"),
    ]);
    const params = { id: task.projectId, taskId: task.id };

    const { stalled } = await startWorker();
    ok("zip", await t.api(designs.zipDesign, { token: cast.projectManager.token, params }));
    await stalled;
    expect((await storedNames()).some((name) => name.endsWith(".partial"))).toBe(true);
    worker?.kill("SIGKILL");
    const killedAt = Date.now();

    // This instance works the queue as any would; the killed one's job comes back to it.
    let link: string | null = null;
    while (!link && Date.now() - killedAt < 60_000) {
      await t.drainJobs();
      link = ok("link", await t.api(designs.getZipLink, { token: cast.projectManager.token, params })).linkToZip;
      if (!link) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(link).not.toBeNull();
    expect(Date.now() - killedAt).toBeLessThan(60_000);

    expect((await storedNames()).filter((name) => name.endsWith(".partial"))).toEqual([]);
    const zips = await t.ctx.db.select().from(files).where(eq(files.contentType, "application/zip"));
    expect(zips.map((zip) => zip.key)).toEqual([link]);
    const { rows } = await t.database.execute(
      `select state, retry_count from ${JOB_SCHEMA}.job where name = 'designs.zip' and data->>'taskId' = $1`,
      [task.id],
    );
    expect(rows).toEqual([{ state: "completed", retry_count: 1 }]);
  }, 90_000);
});
