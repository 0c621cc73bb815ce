import { contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast } from "../../../test/builders.ts";
import {
  addDesigns,
  buildWorkTask,
  getDesigns,
  ok,
  pngBytes,
  uploadDesignFile,
  uploadImage,
} from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * Issue 8's bad input list: each refused call answers 400 or 404 and changes nothing (the task's
 * designs read the same before and after). Then the damaged image: a truncated PNG.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;
let otherTask: Task;
let fileUuid: string;
let otherCommentId: string;
const { designs } = contract;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildWorkTask(t, cast, project);
  otherTask = await buildWorkTask(t, cast, project);
  const added = await addDesigns(t, cast.designerOnTeam, task, [
    await uploadImage(t, cast.designerOnTeam, "one.png", 1),
  ]);
  fileUuid = added.designerFileList[0]?.uuid ?? "";
  const [otherFile] = (
    await addDesigns(t, cast.designerOnTeam, otherTask, [await uploadImage(t, cast.designerOnTeam, "two.png", 2)])
  ).designerFileList;
  otherCommentId = ok(
    "comment elsewhere",
    await t.api(designs.addComment, {
      token: cast.owner.token,
      body: {
        projectId: project.id,
        taskId: otherTask.id,
        designerFileUuid: otherFile?.uuid ?? "",
        comment: "Elsewhere",
      },
    }),
  ).id;
});
afterAll(() => t.close());

const ref = () => ({ projectId: task.projectId, taskId: task.id });

/** Runs a refused call and checks its status and that the task's designs did not change. */
async function refused(status: number, call: () => Promise<{ status: number; received: unknown }>) {
  const before = await getDesigns(t, cast.admin, task);
  const res = await call();
  expect({ status: res.status, body: res.received }).toMatchObject({ status });
  const after = await getDesigns(t, cast.admin, task);
  expect(after).toEqual(before);
}

describe("bad input changes nothing", () => {
  it("refuses another user's upload as a design (400 on its field)", async () => {
    const foreign = await uploadImage(t, cast.admin, "admins.png", 3);
    await refused(400, () =>
      t.api(designs.addDesign, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), addedDesignsFileKeys: [foreign] },
      }),
    );
    const res = await t.api(designs.addDesign, {
      token: cast.designerOnTeam.token,
      body: { ...ref(), addedDesignsFileKeys: [foreign] },
    });
    expect(res.error.fields).toHaveProperty("addedDesignsFileKeys.0");
  });

  it("refuses an unknown key, and a malformed one", async () => {
    await refused(400, () =>
      t.api(designs.addDesign, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), addedDesignsFileKeys: ["AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"] },
      }),
    );
    await refused(400, () =>
      t.raw(designs.addDesign, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), addedDesignsFileKeys: ["../etc/passwd"] },
      }),
    );
  });

  it("refuses a key already attached, on this task or another, and one of a mixed list", async () => {
    const current = await getDesigns(t, cast.admin, task);
    const attached = current.designerFileList[0]?.designerFileKey ?? "";
    const fresh = await uploadImage(t, cast.designerOnTeam, "fresh.png", 4);
    await refused(400, () =>
      t.api(designs.addDesign, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), addedDesignsFileKeys: [fresh, attached] },
      }),
    );
    const elsewhere = (await getDesigns(t, cast.admin, otherTask)).designerFileList[0]?.designerFileKey ?? "";
    await refused(400, () =>
      t.api(designs.addDesign, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), addedDesignsFileKeys: [elsewhere] },
      }),
    );
    await refused(400, () =>
      t.api(designs.addDesignVersion, {
        token: cast.designerOnTeam.token,
        body: { ...ref(), designerFileUuid: fileUuid, designerFileKey: attached },
      }),
    );
  });

  it("refuses pins outside 0–1 and rectangles leaving the image", async () => {
    for (const pin of [
      { type: "point", x: 1.2, y: 0.5 },
      { type: "point", x: -0.01, y: 0.5 },
      { type: "rect", x: 0.8, y: 0.1, w: 0.3, h: 0.1 },
      { type: "circle", x: 0.5, y: 0.5 },
    ]) {
      await refused(400, () =>
        t.raw(designs.addComment, {
          token: cast.owner.token,
          body: { ...ref(), designerFileUuid: fileUuid, comment: "Here", pin },
        }),
      );
    }
  });

  it("refuses empty, blank and 100 KB comments", async () => {
    for (const comment of ["", "   ", "x".repeat(100 * 1024)]) {
      await refused(400, () =>
        t.raw(designs.addComment, { token: cast.owner.token, body: { ...ref(), designerFileUuid: fileUuid, comment } }),
      );
    }
  });

  it("answers 404 for a reply to a comment of another task, and for another task's file", async () => {
    await refused(404, () =>
      t.api(designs.reply, { token: cast.owner.token, body: { ...ref(), commentId: otherCommentId, comment: "Hi" } }),
    );
    await refused(404, () =>
      t.api(designs.editComment, {
        token: cast.owner.token,
        body: { ...ref(), commentId: otherCommentId, comment: "Hi" },
      }),
    );
    const otherFile = (await getDesigns(t, cast.admin, otherTask)).designerFileList[0]?.uuid ?? "";
    await refused(404, () =>
      t.api(designs.addComment, {
        token: cast.owner.token,
        body: { ...ref(), designerFileUuid: otherFile, comment: "Hi" },
      }),
    );
  });

  it("refuses an attachment the author did not register, leaving no comment behind", async () => {
    const unregistered = await uploadDesignFile(t, cast.owner, Buffer.from("notes"), "notes.txt");
    await refused(400, () =>
      t.api(designs.addComment, {
        token: cast.owner.token,
        body: { ...ref(), designerFileUuid: fileUuid, comment: "See notes", attachmentKeys: [unregistered] },
      }),
    );
    const foreign = await uploadDesignFile(t, cast.editor, Buffer.from("notes"), "notes.txt");
    const res = await t.api(designs.addChatFile, {
      token: cast.owner.token,
      body: { projectId: project.id, chatFileKeys: [foreign] },
    });
    expect(res.status).toBe(400);
  });
});

describe("a damaged image", () => {
  it("shows as a file card and its resizes answer a clear 4xx", async () => {
    const whole = await pngBytes({ width: 400, height: 300 });
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    const key = await uploadDesignFile(t, cast.designerOnTeam, truncated, "broken.png");
    const added = await addDesigns(t, cast.designerOnTeam, task, [key]);
    const broken = added.designerFileList.find((file) => file.designerFileKey === key);
    expect(broken).toMatchObject({ contentType: "image/png", previewable: false, name: "broken.png" });

    for (const size of ["w=48&h=48", "w=80&h=80", "w=240"]) {
      const res = await t.raw({ method: "GET", url: `/serve/s/${key}?${size}` });
      expect(res.status).toBe(422);
      expect(res.error.message).toMatch(/damaged/);
    }
    // The original bytes still download as they are.
    const original = await t.app.inject({ method: "GET", url: `/serve/s/${key}` });
    expect(original.statusCode).toBe(200);
    expect(original.rawPayload.equals(truncated)).toBe(true);

    // A pin needs an image to point at.
    const pinned = await t.api(designs.addComment, {
      token: cast.owner.token,
      body: { ...ref(), designerFileUuid: broken?.uuid ?? "", comment: "Here", pin: { type: "point", x: 0.5, y: 0.5 } },
    });
    expect(pinned.status).toBe(400);
  });
});
