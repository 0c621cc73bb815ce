import { contract, type Project } from "@atelier/shared";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast, setStatusAs } from "../../../test/builders.ts";
import {
  addDesigns,
  buildWorkTask,
  getDesigns,
  ok,
  uploadDesignFile,
  uploadImage,
} from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { events } from "../../db/schema/index.ts";
import { designsPersonalData } from "./personal-data.ts";

/** The review loop of issue 8 through the real API: deliver, comment, version, feedback, approve. */

let t: TestApp;
let cast: Cast;
let project: Project;
const { designs } = contract;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

async function eventTypes(taskId: string) {
  return t.ctx.db
    .select({ type: events.type, payload: events.payload })
    .from(events)
    .where(eq(events.subjectId, taskId))
    .orderBy(asc(events.id));
}

describe("the review loop", () => {
  it("delivers, comments with a pin, replies, versions, asks for changes and approves", async () => {
    const { designerOnTeam: designer, owner, editor } = cast;
    let task = await buildWorkTask(t, cast, project);
    const ref = { projectId: task.projectId, taskId: task.id };
    const keys = [
      await uploadImage(t, designer, "home.png", 1),
      await uploadImage(t, designer, "about.png", 2),
      await uploadImage(t, designer, "contact.png", 3),
    ];
    const added = await addDesigns(t, designer, task, keys);
    expect(added.designerFileList.map((file) => file.designerFileKey)).toEqual(keys);
    expect(added.designerFileList.every((file) => file.previewable && file.version === 1)).toBe(true);
    expect(added.designerFileList[0]?.seenDesignerFile).toBe(true); // the uploader has seen their own

    // The owner has something new: the task and each file are unseen for them until opened.
    let ownerView = await getDesigns(t, owner, task);
    expect(ownerView.designsAndCommentsSeen).toBe(false);
    expect(ownerView.designerFileList.map((file) => file.seenDesignerFile)).toEqual([false, false, false]);
    expect(ownerView.designerFileList[0]?.userSecondName).toBe("D."); // redacted for non-admins
    ok(
      "seen",
      await t.api(designs.designSeen, { token: owner.token, body: { ...ref, designerFileKey: keys[1] ?? "" } }),
    );
    ownerView = await getDesigns(t, owner, task);
    expect(ownerView.designerFileList.map((file) => file.seenDesignerFile)).toEqual([false, true, false]);

    // The task itself carries the same designer files.
    const asTask = ok(
      "task",
      await t.api(contract.tasks.get, { token: owner.token, params: { id: project.id, taskId: task.id } }),
    );
    expect(asTask.designerFileList.map((file) => file.uuid)).toEqual(
      ownerView.designerFileList.map((file) => file.uuid),
    );

    // The owner pins a comment on the second image.
    const second = ownerView.designerFileList[1];
    if (!second) throw new Error("no second file");
    const thread = ok(
      "comment",
      await t.api(designs.addComment, {
        token: owner.token,
        body: {
          ...ref,
          designerFileUuid: second.uuid,
          comment: "Move the logo here",
          pin: { type: "point", x: 0.25, y: 0.75 },
        },
      }),
    );
    expect(thread).toMatchObject({
      comment: "Move the logo here",
      activeComment: true,
      pin: { type: "point", x: 0.25, y: 0.75 },
    });
    let designerView = await getDesigns(t, designer, task);
    expect(designerView.designsAndCommentsSeen).toBe(false);
    expect(designerView.designerFileList[1]?.seenComments).toBe(false);
    expect(designerView.designerFileList[1]?.fileCommentList[0]?.seenComment).toBe(false);
    ok(
      "comments seen",
      await t.api(designs.commentsSeen, { token: designer.token, body: { ...ref, designerFileUuid: second.uuid } }),
    );
    designerView = await getDesigns(t, designer, task);
    expect(designerView.designerFileList[1]?.seenComments).toBe(true);

    // The designer replies and uploads a new version of the second image.
    const replied = ok(
      "reply",
      await t.api(designs.reply, { token: designer.token, body: { ...ref, commentId: thread.id, comment: "On it" } }),
    );
    expect(replied.fileCommentReplyList.map((reply) => reply.comment)).toEqual(["On it"]);
    const v2Key = await uploadImage(t, designer, "about.png", 22);
    const versioned = ok(
      "version",
      await t.api(designs.addDesignVersion, {
        token: designer.token,
        body: { ...ref, designerFileUuid: second.uuid, designerFileKey: v2Key },
      }),
    );
    const current = versioned.designerFileList[1];
    expect(current).toMatchObject({ designerFileKey: v2Key, version: 2, orderKey: second.orderKey });
    expect(current?.previousVersions.map((version) => version.uuid)).toEqual([second.uuid]);
    expect(current?.previousVersions[0]?.fileCommentList[0]?.fileCommentReplyList).toHaveLength(1);
    expect(current?.fileCommentList).toEqual([]);

    // Submitted for review, the editor asks for changes: back to in progress, by the tasks' own flow.
    task = await setStatusAs(t, designer, task, "review");
    const changes = ok(
      "feedback",
      await t.api(designs.feedback, {
        token: editor.token,
        params: { ...ref, designerFileUuid: current?.uuid ?? "" },
        body: { feedback: "changesRequested", comment: "Warmer please" },
      }),
    );
    expect(changes.status).toBe("inProgress");
    expect(changes.designerFileList[1]?.feedback).toMatchObject({
      feedback: "changesRequested",
      comment: "Warmer please",
      userFirstName: "Eddie",
    });

    // Again in review; the owner approves the file and the task.
    task = await setStatusAs(t, designer, task, "review");
    const fine = ok(
      "feedback approved",
      await t.api(designs.feedback, {
        token: owner.token,
        params: { ...ref, designerFileUuid: current?.uuid ?? "" },
        body: { feedback: "approved" },
      }),
    );
    expect(fine.status).toBe("review");
    const approved = ok(
      "approve",
      await t.api(designs.approve, { token: owner.token, params: { id: project.id, taskId: task.id } }),
    );
    expect(approved.status).toBe("approved");
    const again = await t.api(designs.approve, { token: owner.token, params: { id: project.id, taskId: task.id } });
    expect(again.status).toBe(412);

    const events = await eventTypes(task.id);
    const types = events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        "design.added",
        "comment.added",
        "comment.replied",
        "design.versionAdded",
        "design.feedback",
        "task.approved",
      ]),
    );
    expect(types.filter((type) => type === "design.added")).toHaveLength(3);
    for (const event of events.filter((row) => row.type.startsWith("design.") || row.type.startsWith("comment."))) {
      expect(event.payload).toMatchObject({ projectId: project.id, taskId: task.id });
    }

    const history = ok(
      "history",
      await t.api(contract.tasks.history, { token: owner.token, params: { id: project.id, taskId: task.id } }),
    );
    expect(history.items.map((item) => item.text)).toEqual(
      expect.arrayContaining(["Olivia O. commented on “about.png”", "Dana D. uploaded version 2 of “about.png”"]),
    );

    // Privacy: the owner's comment and the designer's files are in their exports.
    const ownerExport = await designsPersonalData.export(t.ctx.db, {
      id: owner.user.id,
      email: owner.user.email,
      role: "customer",
    });
    expect(ownerExport.records.designComments).toEqual([
      expect.objectContaining({ comment: "Move the logo here", taskId: task.id }),
    ]);
    const designerExport = await designsPersonalData.export(t.ctx.db, {
      id: designer.user.id,
      email: designer.user.email,
      role: "designer",
    });
    expect(designerExport.records.designerFiles).toHaveLength(4);
  });

  it("reorders by the full list of keys and refuses a list that is not the task's files", async () => {
    const task = await buildWorkTask(t, cast, project);
    const ref = { projectId: task.projectId, taskId: task.id };
    const keys = [
      await uploadImage(t, cast.designerOnTeam, "a.png", 31),
      await uploadImage(t, cast.designerOnTeam, "b.png", 32),
      await uploadImage(t, cast.designerOnTeam, "c.png", 33),
    ];
    await addDesigns(t, cast.designerOnTeam, task, keys);
    const reversed = [...keys].reverse();
    const res = ok(
      "reorder",
      await t.api(designs.updateDesignFileOrder, {
        token: cast.designerOnTeam.token,
        body: { ...ref, designerFileList: reversed },
      }),
    );
    expect(res.designerFileList.map((file) => file.designerFileKey)).toEqual(reversed);
    const partial = await t.api(designs.updateDesignFileOrder, {
      token: cast.designerOnTeam.token,
      body: { ...ref, designerFileList: keys.slice(0, 2) },
    });
    expect(partial.status).toBe(400);
    const after = await getDesigns(t, cast.designerOnTeam, task);
    expect(after.designerFileList.map((file) => file.designerFileKey)).toEqual(reversed);
  });

  it("edits, resolves, reopens and removes comments, with attachments registered by addChatFile", async () => {
    const task = await buildWorkTask(t, cast, project);
    const ref = { projectId: task.projectId, taskId: task.id };
    const [file] = (
      await addDesigns(t, cast.designerOnTeam, task, [await uploadImage(t, cast.designerOnTeam, "x.png", 41)])
    ).designerFileList;
    const attachment = await uploadDesignFile(t, cast.viewer, Buffer.from("see the brief"), "brief.txt");
    const registered = ok(
      "chat file",
      await t.api(designs.addChatFile, {
        token: cast.viewer.token,
        body: { projectId: project.id, chatFileKeys: [attachment] },
      }),
    );
    expect(registered.files).toEqual([expect.objectContaining({ key: attachment, name: "brief.txt" })]);
    const thread = ok(
      "comment",
      await t.api(designs.addComment, {
        token: cast.viewer.token,
        body: { ...ref, designerFileUuid: file?.uuid ?? "", comment: "Like this", attachmentKeys: [attachment] },
      }),
    );
    expect(thread.attachments.map((item) => item.key)).toEqual([attachment]);
    const edited = ok(
      "edit",
      await t.api(designs.editComment, {
        token: cast.viewer.token,
        body: { ...ref, commentId: thread.id, comment: "Like this one" },
      }),
    );
    expect(edited).toMatchObject({ comment: "Like this one" });
    expect(edited.editedAt).not.toBeNull();
    const resolved = ok(
      "resolve",
      await t.api(designs.resolveComment, {
        token: cast.owner.token,
        body: { ...ref, commentId: thread.id, activeComment: false },
      }),
    );
    expect(resolved.activeComment).toBe(false);
    const reopened = ok(
      "reopen",
      await t.api(designs.resolveComment, {
        token: cast.viewer.token,
        body: { ...ref, commentId: thread.id, activeComment: true },
      }),
    );
    expect(reopened.activeComment).toBe(true);
    ok(
      "remove",
      await t.api(designs.removeComment, { token: cast.projectManager.token, body: { ...ref, commentId: thread.id } }),
    );
    const after = await getDesigns(t, cast.viewer, task);
    expect(after.designerFileList[0]?.fileCommentList).toEqual([]);
  });
});

describe("a removed design is gone", () => {
  const serve = (url: string) => t.app.inject({ method: "GET", url });

  it("stops serving the file and its resized copies at once, signed out, and deletes the bytes", async () => {
    const { designerOnTeam: designer } = cast;
    const task = await buildWorkTask(t, cast, project);
    const [key, kept] = [
      await uploadImage(t, designer, "secret.png", 7),
      await uploadImage(t, designer, "kept.png", 8),
    ];
    if (!key || !kept) throw new Error("no upload");
    await addDesigns(t, designer, task, [key, kept]);

    const before = await serve(`/serve/s/${key}`);
    expect(before.statusCode).toBe(200);
    // Removable, so never stored by a shared cache (CDN, proxy); the browser may keep it.
    expect(before.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    expect((await serve(`/serve/s/${key}?w=96&h=96`)).statusCode).toBe(200);
    expect(await t.ctx.storage.size(`${key}.w96h96`)).not.toBeNull();

    ok(
      "remove",
      await t.api(designs.removeDesign, {
        token: designer.token,
        body: { projectId: task.projectId, taskId: task.id, removedDesignFileKey: key },
      }),
    );
    for (const url of [`/serve/s/${key}`, `/serve/s/${key}?w=96&h=96`, `/serve/s/${key}?w=96`]) {
      expect((await serve(url)).statusCode).toBe(404);
    }
    expect(await t.ctx.storage.size(key)).toBeNull();
    expect(await t.ctx.storage.size(`${key}.w96h96`)).toBeNull();
    // The other design is untouched.
    expect((await serve(`/serve/s/${kept}`)).statusCode).toBe(200);
    // And the removed key cannot be attached again.
    const again = await t.api(designs.addDesign, {
      token: designer.token,
      body: { projectId: task.projectId, taskId: task.id, addedDesignsFileKeys: [key] },
    });
    expect(again.status).toBe(400);
  });

  it("removing all designs stops serving every one of them", async () => {
    const task = await buildWorkTask(t, cast, project);
    const keys = [
      await uploadImage(t, cast.designerOnTeam, "a.png", 9),
      await uploadImage(t, cast.designerOnTeam, "b.png", 10),
    ];
    await addDesigns(t, cast.designerOnTeam, task, keys);
    ok(
      "remove all",
      await t.api(designs.removeAllDesigns, {
        token: cast.projectManager.token,
        body: { projectId: task.projectId, taskId: task.id },
      }),
    );
    for (const key of keys) expect((await serve(`/serve/s/${key}`)).statusCode).toBe(404);
  });
});
