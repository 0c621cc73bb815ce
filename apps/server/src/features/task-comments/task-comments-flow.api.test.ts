import { COMMENT_MAX, contract, type Project, TASK_COMMENT_MESSAGES, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltUser, buildTask, buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { ok } from "../../../test/design-builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * Issue 29: the conversation on a task without designs. Validation as for design comments, names
 * redacted as on the team list, mentions only of the team, and what reaches whom: the team's
 * messages (the mentioned and the author replied to read their own text), gone again with the
 * comment.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildTask(t, cast.owner, { projectId: project.id, title: "Logo brief" });
});
afterAll(() => t.close());

const { taskComments } = contract;
const body = <Extra extends object>(extra: Extra) => ({ projectId: project.id, taskId: task.id, ...extra });
const read = async (who: BuiltUser) =>
  ok("read", await t.api(taskComments.get, { token: who.token, params: { id: project.id, taskId: task.id } }));
const feed = async (who: BuiltUser) =>
  ok("feed", await t.api(contract.messages.feed, { token: who.token, query: { limit: 50 } })).items;
const unread = async (who: BuiltUser) =>
  ok("count", await t.api(contract.messages.unreadCount, { token: who.token })).count;

describe("validation", () => {
  it("refuses empty, blank and over-long text with the shared messages (400)", async () => {
    for (const comment of ["", "   "]) {
      const res = await t.api(taskComments.add, { token: cast.owner.token, body: body({ comment }) });
      expect(res.status).toBe(400);
      expect(res.received).toMatchObject({ fields: { comment: "Comment is required" } });
    }
    const long = await t.api(taskComments.add, {
      token: cast.owner.token,
      body: body({ comment: "x".repeat(COMMENT_MAX + 1) }),
    });
    expect(long.status).toBe(400);
    expect(long.received).toMatchObject({ fields: { comment: `Comment must be at most ${COMMENT_MAX} characters` } });
  });

  it("refuses mentions of people off the team, and malformed ids, writing nothing", async () => {
    const before = (await read(cast.owner)).threads.length;
    const off = await t.api(taskComments.add, {
      token: cast.owner.token,
      body: body({ comment: "@Otto look", mentionIds: [cast.designerOffTeam.user.id] }),
    });
    expect(off.status).toBe(400);
    expect(off.received).toMatchObject({ fields: { mentionIds: TASK_COMMENT_MESSAGES.mentionNotOnTeam } });
    const bad = await t.api(taskComments.add, {
      token: cast.owner.token,
      body: body({ comment: "Hi", mentionIds: ["nope"] }),
    });
    expect(bad.status).toBe(400);
    expect((await read(cast.owner)).threads).toHaveLength(before);
  });

  it("answers replies to a reply with 412 (threads are one level deep)", async () => {
    const top = ok("top", await t.api(taskComments.add, { token: cast.owner.token, body: body({ comment: "Top" }) }));
    const thread = ok(
      "reply",
      await t.api(taskComments.reply, {
        token: cast.editor.token,
        body: body({ commentId: top.id, comment: "Under" }),
      }),
    );
    const replyId = thread.replies[0]?.id ?? "";
    const deeper = await t.api(taskComments.reply, {
      token: cast.owner.token,
      body: body({ commentId: replyId, comment: "Deeper" }),
    });
    expect(deeper.status).toBe(412);
    expect(deeper.received).toMatchObject({ message: TASK_COMMENT_MESSAGES.replyToReply });
  });
});

describe("what people see", () => {
  it("shows surnames in full only to admin, and the mentions named as the reader may see them", async () => {
    const written = ok(
      "comment",
      await t.api(taskComments.add, {
        token: cast.owner.token,
        body: body({ comment: "@Dana D. can you start?", mentionIds: [cast.designerOnTeam.user.id] }),
      }),
    );
    expect(written).toMatchObject({ userFirstName: "Olivia", userSecondName: "O." });
    const asAdmin = (await read(cast.admin)).threads.find((thread) => thread.id === written.id);
    expect(asAdmin).toMatchObject({ userSecondName: "Owner", mentions: [{ name: "Dana Designer" }] });
    const asViewer = await read(cast.viewer);
    const seen = asViewer.threads.find((thread) => thread.id === written.id);
    expect(seen).toMatchObject({
      userSecondName: "O.",
      mentions: [{ userId: cast.designerOnTeam.user.id, name: "Dana D." }],
      abilities: { canEdit: false, canRemove: false },
    });
    expect(asViewer.canComment).toBe(true);
    // Who may be mentioned: the team, redacted for the reader; outsiders are not offered.
    const names = asViewer.mentionable.map((person) => person.name);
    expect(names).toEqual(expect.arrayContaining(["Dana D.", "Olivia O.", "Eddie E.", "Vera V."]));
    expect(names).not.toContain("Otto O.");
  });

  it("lets the author edit the text and mentions, marked as edited", async () => {
    const written = ok(
      "c",
      await t.api(taskComments.add, { token: cast.editor.token, body: body({ comment: "Frist" }) }),
    );
    const edited = ok(
      "edit",
      await t.api(taskComments.edit, {
        token: cast.editor.token,
        body: body({ commentId: written.id, comment: "First @Vera V.", mentionIds: [cast.viewer.user.id] }),
      }),
    );
    expect(edited.comment).toBe("First @Vera V.");
    expect(edited.editedAt).not.toBeNull();
    expect(edited.mentions).toEqual([{ userId: cast.viewer.user.id, name: "Vera V." }]);
  });
});

describe("messages", () => {
  it("tell the team, the mentioned and the author replied to, each in their words", async () => {
    const quiet = await buildTask(t, cast.owner, { projectId: project.id, title: "Quiet task" });
    const onQuiet = (items: Awaited<ReturnType<typeof feed>>) =>
      items.filter((item) => item.taskId === quiet.id && item.type === "addComment");
    const ref = { projectId: project.id, taskId: quiet.id };
    const top = ok(
      "comment",
      await t.api(taskComments.add, { token: cast.owner.token, body: { ...ref, comment: "Where are we?" } }),
    );
    const designerBefore = await unread(cast.designerOnTeam);
    ok(
      "reply",
      await t.api(taskComments.reply, {
        token: cast.designerOnTeam.token,
        body: { ...ref, commentId: top.id, comment: "@Eddie E. see the draft", mentionIds: [cast.editor.user.id] },
      }),
    );
    // The designer's feed: the owner's comment, redacted name, leading to the task.
    const designerFeed = onQuiet(await feed(cast.designerOnTeam));
    expect(designerFeed).toHaveLength(1);
    expect(designerFeed[0]).toMatchObject({
      senderName: "Olivia O.",
      text: "commented on the task",
      type: "addComment",
      taskName: "Quiet task",
      link: `/project/${project.id}/task/${quiet.id}`,
    });
    // Their own reply notifies them of nothing.
    expect(await unread(cast.designerOnTeam)).toBe(designerBefore);
    // The admin is not on the team: staff read the task but get no messages of it, as for designs.
    expect(onQuiet(await feed(cast.admin))).toHaveLength(0);
    // The reply's recipients, each with their own text (customers get them too: stream and e-mail).
    const texts = async (who: BuiltUser) => {
      const { rows } = (await t.database.execute(
        "select text from notifications where user_id = $1 and task_id = $2 and kind = 'addComment' order by created_at",
        [who.user.id, quiet.id],
      )) as { rows: Array<{ text: string }> };
      return rows.map((row) => row.text);
    };
    expect(await texts(cast.owner)).toEqual(["replied to your comment on the task"]);
    expect(await texts(cast.editor)).toEqual(["commented on the task", "mentioned you on the task"]);
    expect(await texts(cast.viewer)).toEqual(["commented on the task", "replied on the task"]);
  });

  it("leave the feed, and the unread count, when the comment is removed", async () => {
    const gone = await buildTask(t, cast.owner, { projectId: project.id, title: "Removed talk" });
    const ref = { projectId: project.id, taskId: gone.id };
    const before = await unread(cast.designerOnTeam);
    const top = ok(
      "comment",
      await t.api(taskComments.add, { token: cast.owner.token, body: { ...ref, comment: "Oops" } }),
    );
    ok(
      "reply",
      await t.api(taskComments.reply, { token: cast.editor.token, body: { ...ref, commentId: top.id, comment: "Hm" } }),
    );
    expect(await unread(cast.designerOnTeam)).toBe(before + 2);
    expect(
      (await feed(cast.designerOnTeam)).filter((item) => item.taskId === gone.id && item.type === "addComment"),
    ).toHaveLength(2);

    ok("remove", await t.api(taskComments.remove, { token: cast.owner.token, body: { ...ref, commentId: top.id } }));

    expect(
      (await feed(cast.designerOnTeam)).filter((item) => item.taskId === gone.id && item.type === "addComment"),
    ).toHaveLength(0);
    expect(await unread(cast.designerOnTeam)).toBe(before);
    const conversation = ok(
      "read",
      await t.api(taskComments.get, { token: cast.owner.token, params: { id: project.id, taskId: gone.id } }),
    );
    expect(conversation.threads).toEqual([]);
  });

  it("records each change as an event of the project, the removal naming what went", async () => {
    const changes = await buildTask(t, cast.owner, { projectId: project.id, title: "Evented" });
    const ref = { projectId: project.id, taskId: changes.id };
    const top = ok(
      "comment",
      await t.api(taskComments.add, { token: cast.viewer.token, body: { ...ref, comment: "A" } }),
    );
    const thread = ok(
      "reply",
      await t.api(taskComments.reply, { token: cast.owner.token, body: { ...ref, commentId: top.id, comment: "B" } }),
    );
    ok(
      "edit",
      await t.api(taskComments.edit, { token: cast.viewer.token, body: { ...ref, commentId: top.id, comment: "A2" } }),
    );
    ok("remove", await t.api(taskComments.remove, { token: cast.admin.token, body: { ...ref, commentId: top.id } }));
    const { rows } = (await t.database.execute(
      "select type, payload from events where payload->>'taskId' = $1 and type like 'taskComment.%' order by id",
      [changes.id],
    )) as { rows: Array<{ type: string; payload: Record<string, unknown> }> };
    expect(rows.map((row) => row.type)).toEqual([
      "taskComment.added",
      "taskComment.replied",
      "taskComment.edited",
      "taskComment.removed",
    ]);
    expect(rows[1]?.payload).toMatchObject({
      commentId: top.id,
      replyId: thread.replies[0]?.id,
      parentAuthorId: cast.viewer.user.id,
    });
    expect(new Set(rows.at(-1)?.payload.removedIds as string[])).toEqual(new Set([top.id, thread.replies[0]?.id]));
  });
});
