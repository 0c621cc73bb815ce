import { contract, type Project, type Task, taskDesignsSchema, taskSchema } from "@atelier/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTeamWorld, type Cast, type CastMember, setStatusAs } from "../../../test/builders.ts";
import {
  addDesigns,
  buildWorkTask,
  getDesigns,
  ok,
  uploadDesignFile,
  uploadImage,
} from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import type { Actor } from "../../core/context.ts";
import { fileComments, users } from "../../db/schema/index.ts";
import { presentTaskFor } from "../tasks/index.ts";
import { loadDesignTask } from "./service/access.ts";
import { taskDesignReader } from "./task-reader.ts";

/**
 * The task panel (`GET …/designs`, and `GET …/task/{taskId}`) reads one task's designs in one
 * statement (repo/panel.ts) while task lists and write answers read a page's in three
 * (repo/read.ts); one presenter shapes both. The two reads must give every viewer the same
 * answer, in the endpoint's schema: versions, feedback, pins, replies, attachments, seen flags, a
 * deleted author, redacted surnames and abilities.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
const { designs } = contract;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

function actorOf(person: BuiltUser): Actor {
  const { id, role, email, name, surname } = person.user;
  return { id, role, email, name, surname, sessionId: "panel-test" };
}

const seers: CastMember[] = ["admin", "projectManager", "designerOnTeam", "owner", "editor", "viewer"];

/** The task as a task list's read of its page's designs gives it to `person`, as it would go over the wire. */
async function taskFromListRead(person: BuiltUser, task: Task): Promise<Task> {
  const actor = actorOf(person);
  const access = await loadDesignTask(t.ctx, actor, { projectId: task.projectId, taskId: task.id });
  return JSON.parse(JSON.stringify(await presentTaskFor(taskDesignReader, t.ctx.db, actor, access, task.id)));
}

async function expectSameForEveryone(task: Task) {
  for (const who of seers) {
    const person = cast[who];
    const answer = await getDesigns(t, person, task);
    expect(taskDesignsSchema.strict().safeParse(answer).success, who).toBe(true);
    const listed = await taskFromListRead(person, task);
    expect(answer.designerFileList, who).toEqual(listed.designerFileList);
    expect(answer.designsAndCommentsSeen, who).toBe(listed.designsAndCommentsSeen);
    const whole = ok(
      "task",
      await t.api(contract.tasks.get, { params: { id: task.projectId, taskId: task.id }, token: person.token }),
    );
    expect(taskSchema.strict().safeParse(whole).success, who).toBe(true);
    expect(whole, who).toEqual(listed);
  }
}

describe("the task panel's one-statement read", () => {
  it("answers an empty task as the list read does", async () => {
    const task = await buildWorkTask(t, cast, project);
    await expectSameForEveryone(task);
    expect((await getDesigns(t, cast.designerOnTeam, task)).canRemoveAll).toBe(false);
  });

  it("answers a reviewed task with versions, threads and attachments as the list read does", async () => {
    const { designerOnTeam: designer, owner, editor, viewer, admin } = cast;
    let task = await buildWorkTask(t, cast, project);
    const ref = { projectId: task.projectId, taskId: task.id };
    const mine = await addDesigns(t, designer, task, [
      await uploadImage(t, designer, "home.png", 61),
      await uploadImage(t, designer, "about.png", 62),
    ]);
    // A file of staff: the designer may not remove it, so "remove all" is theirs no more.
    await addDesigns(t, admin, task, [await uploadDesignFile(t, admin, Buffer.from("%PDF-1.4 brief"), "brief.pdf")]);
    const [home, about] = mine.designerFileList;
    if (!home || !about) throw new Error("two files expected");

    const thread = ok(
      "comment",
      await t.api(designs.addComment, {
        token: owner.token,
        body: { ...ref, designerFileUuid: about.uuid, comment: "Here", pin: { type: "point", x: 0.25, y: 0.75 } },
      }),
    );
    ok(
      "reply",
      await t.api(designs.reply, { token: designer.token, body: { ...ref, commentId: thread.id, comment: "On it" } }),
    );
    ok(
      "seen",
      await t.api(designs.commentsSeen, { token: designer.token, body: { ...ref, designerFileUuid: about.uuid } }),
    );
    ok(
      "file seen",
      await t.api(designs.designSeen, { token: owner.token, body: { ...ref, designerFileKey: home.designerFileKey } }),
    );
    const v2 = ok(
      "version",
      await t.api(designs.addDesignVersion, {
        token: designer.token,
        body: {
          ...ref,
          designerFileUuid: about.uuid,
          designerFileKey: await uploadImage(t, designer, "about.png", 63),
        },
      }),
    ).designerFileList[1];
    const attachment = await uploadDesignFile(t, viewer, Buffer.from("see the brief"), "notes.txt");
    ok(
      "chat file",
      await t.api(designs.addChatFile, {
        token: viewer.token,
        body: { projectId: project.id, chatFileKeys: [attachment] },
      }),
    );
    const rect = ok(
      "rect comment",
      await t.api(designs.addComment, {
        token: viewer.token,
        body: {
          ...ref,
          designerFileUuid: v2?.uuid ?? "",
          comment: "This area",
          pin: { type: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
          attachmentKeys: [attachment],
        },
      }),
    );
    ok(
      "edit",
      await t.api(designs.editComment, {
        token: viewer.token,
        body: { ...ref, commentId: rect.id, comment: "This area, please" },
      }),
    );
    ok(
      "resolve",
      await t.api(designs.resolveComment, {
        token: owner.token,
        body: { ...ref, commentId: rect.id, activeComment: false },
      }),
    );
    const gone = ok(
      "comment by editor",
      await t.api(designs.addComment, {
        token: editor.token,
        body: { ...ref, designerFileUuid: home.uuid, comment: "Hm" },
      }),
    );
    task = await setStatusAs(t, designer, task, "review");
    ok(
      "feedback",
      await t.api(designs.feedback, {
        token: editor.token,
        params: { ...ref, designerFileUuid: home.uuid },
        body: { feedback: "approved", comment: "Good" },
      }),
    );
    // An author who left (the comment stays, its author is gone) and a surname that starts with
    // white space and a lower-case letter: redaction trims and capitalises.
    await t.ctx.db.update(fileComments).set({ authorId: null }).where(eq(fileComments.id, gone.id));
    await t.ctx.db.update(users).set({ surname: "  émile" }).where(eq(users.id, viewer.user.id));

    await expectSameForEveryone(task);
    const ownerView = await getDesigns(t, owner, task);
    const current = ownerView.designerFileList[1];
    expect(current?.previousVersions[0]?.fileCommentList[0]?.fileCommentReplyList[0]?.comment).toBe("On it");
    expect(current?.fileCommentList[0]).toMatchObject({ userSecondName: "É.", activeComment: false });
    expect(current?.fileCommentList[0]?.attachments.map((file) => file.name)).toEqual(["notes.txt"]);
    expect(ownerView.designerFileList[0]?.fileCommentList[0]?.userFirstName).toBe("Deleted user");
    // Abilities are the viewer's: the owner's own thread is theirs to edit, the viewer's is not
    // but the owner resolves it; the designer may not remove the admin's file, so not all of them.
    const ownThread = current?.previousVersions[0]?.fileCommentList[0];
    expect(ownThread?.abilities).toEqual({ canEdit: true, canRemove: true, canResolve: true });
    expect(ownThread?.fileCommentReplyList[0]?.abilities).toEqual({
      canEdit: false,
      canRemove: false,
      canResolve: true,
    });
    expect(current?.fileCommentList[0]?.abilities).toEqual({ canEdit: false, canRemove: false, canResolve: true });
    const designerView = await getDesigns(t, designer, task);
    expect(designerView.designerFileList.map((file) => file.abilities.canRemove)).toEqual([true, true, false]);
    expect(designerView.canRemoveAll).toBe(false);
    // Surnames: an initial for everyone but admins, who see them whole.
    expect((await getDesigns(t, admin, task)).designerFileList[1]?.fileCommentList[0]?.userSecondName).toBe("  émile");
  });
});
