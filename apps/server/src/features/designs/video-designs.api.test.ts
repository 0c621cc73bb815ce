import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTeamWorld, type Cast, statusesByActor, TABLE_ACTORS } from "../../../test/builders.ts";
import {
  addDesigns,
  buildWorkTask,
  getDesigns,
  ok,
  uploadDesignFile,
  uploadImage,
} from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

// Video designs (issue 23, part 2; decision 058): comments at a time, pins on the frame at that
// time, and posters, over the same designs calls and rules as images.

/**
 * The first bytes of a WebM file (an EBML header whose DocType is "webm"), enough for the type to
 * be recognised from the content; `seed` makes each one's bytes differ.
 */
function webmBytes(seed = 0): Buffer {
  const header = [0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04];
  const rest = [0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02];
  return Buffer.concat([Buffer.from([...header, ...rest, 0x42, 0x85, 0x81, 0x02]), Buffer.alloc(64, seed)]);
}

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;
/** the designer's video on the task (and an image beside it) */
let video: { uuid: string; key: string };
let image: { uuid: string; key: string };

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildWorkTask(t, cast, project);
  const videoKey = await uploadDesignFile(t, cast.designerOnTeam, webmBytes(), "walkthrough.webm");
  const imageKey = await uploadImage(t, cast.designerOnTeam, "still.png");
  const designs = await addDesigns(t, cast.designerOnTeam, task, [videoKey, imageKey]);
  const [first, second] = designs.designerFileList;
  if (!first || !second) throw new Error("two designs expected");
  video = { uuid: first.uuid, key: first.designerFileKey };
  image = { uuid: second.uuid, key: second.designerFileKey };
});
afterAll(() => t.close());

const ref = () => ({ projectId: task.projectId, taskId: task.id });

function comment(by: BuiltUser, body: Record<string, unknown>) {
  return t.api(contract.designs.addComment, {
    token: by.token,
    body: { ...ref(), designerFileUuid: video.uuid, comment: "Look here", ...body } as never,
  });
}

describe("a video design", () => {
  it("is a video with no poster yet, shown as what it is", async () => {
    const designs = await getDesigns(t, cast.owner, task);
    const file = designs.designerFileList.find((f) => f.uuid === video.uuid);
    expect(file).toMatchObject({ contentType: "video/webm", previewable: false, posterKey: null });
    const served = await t.app.inject({ method: "GET", url: `/serve/s/${video.key}`, headers: { range: "bytes=0-3" } });
    expect(served.statusCode).toBe(206);
    expect(served.headers["content-range"]).toBe(`bytes 0-3/${webmBytes().length}`);
  });

  it("takes a comment at a time, with a pin on that frame, and keeps both", async () => {
    const atThree = ok("comment", await comment(cast.owner, { atMs: 3000 }));
    expect(atThree).toMatchObject({ atMs: 3000, pin: null });
    const pinned = ok("pinned", await comment(cast.editor, { atMs: 1500, pin: { type: "point", x: 0.5, y: 0.25 } }));
    expect(pinned).toMatchObject({ atMs: 1500, pin: { type: "point", x: 0.5, y: 0.25 } });
    const reply = ok(
      "reply",
      await t.api(contract.designs.reply, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), commentId: atThree.id, comment: "Fixed" },
      }),
    );
    expect(reply.atMs).toBe(3000);
    // The panel read (one statement) and the list read (tasks) give the same threads.
    const panel = (await getDesigns(t, cast.viewer, task)).designerFileList.find((f) => f.uuid === video.uuid);
    expect(panel?.fileCommentList.map((c) => [c.comment, c.atMs, c.pin?.type ?? null])).toEqual([
      ["Look here", 3000, null],
      ["Look here", 1500, "point"],
    ]);
    const listed = ok(
      "task list",
      await t.api(contract.tasks.get, { token: cast.viewer.token, params: { id: task.projectId, taskId: task.id } }),
    );
    const fromList = listed.designerFileList.find((f) => f.uuid === video.uuid);
    expect(fromList?.fileCommentList.map((c) => c.atMs)).toEqual([3000, 1500]);
  });

  it("refuses a time that is no time, a time off a video and a pin on a video without its time", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ atMs: -1 }, "atMs"],
      [{ atMs: 1.5 }, "atMs"],
      [{ atMs: 11 * 60 * 60 * 1000 }, "atMs"],
      [{ atMs: "3000" }, "atMs"],
      [{ pin: { type: "point", x: 0.5, y: 0.5 } }, "pin"],
    ];
    for (const [body, field] of cases) {
      const res = await comment(cast.owner, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((res.received as { fields?: object }).fields ?? {})).toEqual([field]);
    }
    const onImage = await t.api(contract.designs.addComment, {
      token: cast.owner.token,
      body: { ...ref(), designerFileUuid: image.uuid, comment: "Hm", atMs: 1000 },
    });
    expect(onImage.status).toBe(400);
    expect((onImage.received as { fields?: object }).fields).toHaveProperty("atMs");
    const designs = await getDesigns(t, cast.owner, task);
    expect(designs.designerFileList.find((f) => f.uuid === image.uuid)?.fileCommentList).toEqual([]);
  });
});

describe("a video's poster", () => {
  const setPoster = (by: BuiltUser, body: { designerFileUuid: string; posterKey: string }) =>
    t.api(contract.designs.setDesignPoster, { token: by.token, body: { ...ref(), ...body } });

  it("is set by the uploader, replaced, served, and goes with the design", async () => {
    const other = await buildWorkTask(t, cast, project);
    const key = await uploadDesignFile(t, cast.designerOnTeam, webmBytes(7), "teaser.webm");
    const [file] = (await addDesigns(t, cast.designerOnTeam, other, [key])).designerFileList;
    if (!file) throw new Error("design expected");
    const body = (posterKey: string) => ({
      projectId: other.projectId,
      taskId: other.id,
      designerFileUuid: file.uuid,
      posterKey,
    });
    const first = await uploadImage(t, cast.designerOnTeam, "frame.png", 3);
    const set = ok(
      "poster",
      await t.api(contract.designs.setDesignPoster, { token: cast.designerOnTeam.token, body: body(first) }),
    );
    expect(set.designerFileList[0]?.posterKey).toBe(first);
    expect((await t.app.inject({ method: "GET", url: `/serve/s/${first}?w=80&h=80` })).statusCode).toBe(200);

    const second = await uploadImage(t, cast.designerOnTeam, "frame2.png", 4);
    ok(
      "replace",
      await t.api(contract.designs.setDesignPoster, { token: cast.designerOnTeam.token, body: body(second) }),
    );
    expect((await t.app.inject({ method: "GET", url: `/serve/s/${first}` })).statusCode).toBe(404);
    const seen = await getDesigns(t, cast.viewer, other);
    expect(seen.designerFileList[0]?.posterKey).toBe(second);

    ok(
      "remove",
      await t.api(contract.designs.removeDesign, {
        token: cast.designerOnTeam.token,
        body: { projectId: other.projectId, taskId: other.id, removedDesignFileKey: key },
      }),
    );
    expect((await t.app.inject({ method: "GET", url: `/serve/s/${second}` })).statusCode).toBe(404);
  });

  it("must be the caller's own image, free, on a video", async () => {
    const webm = await uploadDesignFile(t, cast.designerOnTeam, webmBytes(9), "not-a-picture.webm");
    expect((await setPoster(cast.designerOnTeam, { designerFileUuid: video.uuid, posterKey: webm })).status).toBe(400);
    const onImage = await uploadImage(t, cast.designerOnTeam, "p.png", 11);
    const res = await setPoster(cast.designerOnTeam, { designerFileUuid: image.uuid, posterKey: onImage });
    expect(res.status).toBe(400);
    expect((res.received as { fields?: object }).fields).toHaveProperty("designerFileUuid");
    const someoneElses = await uploadImage(t, cast.admin, "a.png", 12);
    expect(
      (await setPoster(cast.designerOnTeam, { designerFileUuid: video.uuid, posterKey: someoneElses })).status,
    ).toBe(400);
    // The video's own key, already attached, is no poster either.
    expect((await setPoster(cast.designerOnTeam, { designerFileUuid: video.uuid, posterKey: video.key })).status).toBe(
      400,
    );
    expect((await getDesigns(t, cast.owner, task)).designerFileList[0]?.posterKey).toBeNull();
  });

  it("follows the table: whoever may change the file (staff, its uploader); 404 to those off the project", async () => {
    const expected = statusesByActor(200, 200, 200, 404, 403, 403, 403, 404);
    const got: Record<string, number> = {};
    for (const member of TABLE_ACTORS) {
      const by = cast[member];
      const posterKey = await uploadImage(t, by, "poster.png", 20 + TABLE_ACTORS.indexOf(member));
      got[member] = (await setPoster(by, { designerFileUuid: video.uuid, posterKey })).status;
    }
    expect(got).toEqual(expected);
    const signedOut = await t.api(contract.designs.setDesignPoster, {
      body: { ...ref(), designerFileUuid: video.uuid, posterKey: "A".repeat(24) },
    });
    expect(signedOut.status).toBe(401);
  });
});
