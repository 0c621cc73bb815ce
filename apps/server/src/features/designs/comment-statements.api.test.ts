import { contract, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { addDesigns, buildWorkTask, ok, uploadImage } from "../../../test/design-builders.ts";
import { recordStatements } from "../../../test/statement-counter.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * The fleet issue's goal for writes: a comment (session, file, the comment with its attachments
 * and unseen flags, its event with the members' notifications and unread counts, BEGIN, COMMIT)
 * in at most six statements; it took sixteen with the event lock and one statement per step.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

describe("what a comment costs", () => {
  it("is at most six statements, notifications and unread counts included", async () => {
    const task = await buildWorkTask(t, cast, project);
    const added = await addDesigns(t, cast.designerOnTeam, task, [await uploadImage(t, cast.designerOnTeam)]);
    const file = added.designerFileList[0];
    if (!file) throw new Error("no file");
    const post = (comment: string) =>
      t.api(contract.designs.addComment, {
        token: cast.owner.token,
        body: { projectId: project.id, taskId: task.id, designerFileUuid: file.uuid, comment, attachmentKeys: [] },
      });
    // The first notification of each member queues their e-mail digest (one job each, once per
    // digest interval); the steady state is what every later comment costs.
    ok("first comment", await post("First"));
    const before = await t.api(contract.messages.unreadCount, { token: cast.designerOnTeam.token });

    const { result, statements } = await recordStatements(t.database, async () => ok("comment", await post("Second")));

    expect(result.comment).toBe("Second");
    // The counter sees the transaction's statements too (a counter that saw none would pass).
    expect(statements.filter((text) => /^\s*(begin|commit)\s*$/i.test(text))).toHaveLength(2);
    expect(statements.some((text) => text.includes("insert into events"))).toBe(true);
    expect(statements.length, statements.join("\n---\n")).toBeLessThanOrEqual(6);
    // The one statement still wrote what the event means for the members.
    const after = await t.api(contract.messages.unreadCount, { token: cast.designerOnTeam.token });
    expect(after.body.count).toBe(before.body.count + 1);
  });
});
