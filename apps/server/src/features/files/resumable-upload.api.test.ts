import { readdir } from "node:fs/promises";
import path from "node:path";
import { contract, RESUMABLE_UPLOAD_PATH } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildCast, buildTeamProject, type Cast } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, pngBytes } from "../../../test/design-builders.ts";
import { createTestApp, type TestApp } from "../../../test/test-app.ts";

// Resumable uploads over tus (decision 058): the bytes arrive in parts, survive a cut, and the
// finished file is an upload like any other, attached to a task through the same designs call.

const TUS = { "tus-resumable": "1.0.0" };
const PART = { ...TUS, "content-type": "application/offset+octet-stream" };
const metadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([name, value]) => `${name} ${Buffer.from(value).toString("base64")}`)
    .join(",");

let t: TestApp;
let cast: Cast;

beforeAll(async () => {
  // A small cap (about 100 KB), so "too large" costs no real bytes.
  t = await createTestApp({ UPLOAD_MAX_MB: "0.1" });
  cast = await buildCast(t);
});
afterAll(() => t.close());

async function create(by: BuiltUser | null, length: number, meta: Record<string, string> = { filename: "clip.png" }) {
  return t.app.inject({
    method: "POST",
    url: RESUMABLE_UPLOAD_PATH,
    headers: {
      ...TUS,
      "upload-length": String(length),
      "upload-metadata": metadata(meta),
      ...(by ? { "auth-token": by.token } : {}),
    },
  });
}

const idOf = (location: string | string[] | number | undefined) => String(location).split("/").at(-1) ?? "";

async function patch(by: BuiltUser, id: string, offset: number, bytes: Buffer) {
  return t.app.inject({
    method: "PATCH",
    url: `${RESUMABLE_UPLOAD_PATH}/${id}`,
    headers: { ...PART, "upload-offset": String(offset), "auth-token": by.token },
    payload: bytes,
  });
}

async function head(by: BuiltUser, id: string) {
  return t.app.inject({
    method: "HEAD",
    url: `${RESUMABLE_UPLOAD_PATH}/${id}`,
    headers: { ...TUS, "auth-token": by.token },
  });
}

describe("a resumable upload", () => {
  it("arrives in two parts, resumes from the offset the server reports, and becomes a design", async () => {
    const project = await buildTeamProject(t, cast);
    const task = await buildWorkTask(t, cast, project);
    const bytes = await pngBytes({ width: 90, height: 70 });
    const designer = cast.designerOnTeam;

    const created = await create(designer, bytes.length, { filename: "poster frame.png", purpose: "design" });
    expect(created.statusCode).toBe(201);
    const id = idOf(created.headers.location);
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);

    const half = Math.floor(bytes.length / 2);
    expect((await patch(designer, id, 0, bytes.subarray(0, half))).statusCode).toBe(204);
    // The "cut": the client asks where to go on.
    const asked = await head(designer, id);
    expect(asked.statusCode).toBe(200);
    expect(asked.headers["upload-offset"]).toBe(String(half));
    // A part at the wrong offset is refused and changes nothing.
    expect((await patch(designer, id, 1, bytes.subarray(1))).statusCode).toBe(409);
    const last = await patch(designer, id, half, bytes.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(last.headers["upload-offset"]).toBe(String(bytes.length));

    const served = await t.app.inject({ method: "GET", url: `/serve/s/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(Buffer.compare(served.rawPayload, bytes)).toBe(0);
    // A late HEAD (the last answer was lost) says it is complete.
    const after = await head(designer, id);
    expect(after.statusCode).toBe(200);
    expect(after.headers["upload-offset"]).toBe(String(bytes.length));
    // Nothing is left of the parts.
    expect(await readdir(path.join(t.config.dataDir, "uploads-in-progress"))).toEqual([]);

    const designs = await addDesigns(t, designer, task, [id]);
    expect(designs.designerFileList.map((file) => [file.designerFileKey, file.name, file.previewable])).toEqual([
      [id, "poster frame.png", true],
    ]);
  });

  it("needs a signed-in person", async () => {
    const answer = await create(null, 10);
    expect(answer.statusCode).toBe(401);
  });

  it("is the uploader's alone: anyone else gets 404 and changes nothing", async () => {
    const created = await create(cast.owner, 20);
    const id = idOf(created.headers.location);
    expect((await head(cast.editor, id)).statusCode).toBe(404);
    expect((await patch(cast.editor, id, 0, Buffer.alloc(20, 1))).statusCode).toBe(404);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `${RESUMABLE_UPLOAD_PATH}/${id}`,
      headers: { ...TUS, "auth-token": cast.editor.token },
    });
    expect(removed.statusCode).toBe(404);
    expect((await head(cast.owner, id)).headers["upload-offset"]).toBe("0");
  });

  it("is not attachable by someone else once finished", async () => {
    const project = await buildTeamProject(t, cast);
    const task = await buildWorkTask(t, cast, project);
    const bytes = await pngBytes();
    const id = idOf((await create(cast.editor, bytes.length)).headers.location);
    expect((await patch(cast.editor, id, 0, bytes)).statusCode).toBe(204);
    const res = await t.api(contract.designs.addDesign, {
      token: cast.designerOnTeam.token,
      body: { projectId: task.projectId, taskId: task.id, addedDesignsFileKeys: [id] },
    });
    expect(res.status).toBe(400);
  });

  it("can be abandoned by its uploader", async () => {
    const id = idOf((await create(cast.owner, 20)).headers.location);
    const removed = await t.app.inject({
      method: "DELETE",
      url: `${RESUMABLE_UPLOAD_PATH}/${id}`,
      headers: { ...TUS, "auth-token": cast.owner.token },
    });
    expect(removed.statusCode).toBe(204);
    expect((await head(cast.owner, id)).statusCode).toBe(404);
  });

  it("refuses a file over UPLOAD_MAX_MB, an empty file, an avatar and a malformed id", async () => {
    const tooLarge = await create(cast.owner, 200 * 1024);
    expect(tooLarge.statusCode).toBe(413);
    expect((await create(cast.owner, 0)).statusCode).toBe(400);
    expect((await create(cast.owner, 10, { filename: "me.png", purpose: "avatar" })).statusCode).toBe(400);
    expect((await head(cast.owner, "..%2F..%2Fetc")).statusCode).toBe(404);
    // Bytes beyond the declared length are refused too.
    const id = idOf((await create(cast.owner, 10)).headers.location);
    expect((await patch(cast.owner, id, 0, Buffer.alloc(11, 7))).statusCode).toBeGreaterThanOrEqual(400);
    expect((await head(cast.owner, id)).headers["upload-offset"]).toBe("0");
  });
});
