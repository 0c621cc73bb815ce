import { contract, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTask, buildTeamWorld, type Cast } from "../../../test/builders.ts";
import { ok } from "../../../test/design-builders.ts";
import { recordStatements } from "../../../test/statement-counter.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * The hot write of a task's conversation costs what a design comment does or less: the session
 * (which reads the task with it), BEGIN, the comment with its mention check and unseen flags, its
 * event with the members' notifications and unread counts, COMMIT.
 */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

describe("what a task comment costs", () => {
  it("is at most five statements, mentions, notifications and unread counts included", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id });
    const post = (comment: string) =>
      t.api(contract.taskComments.add, {
        token: cast.owner.token,
        body: { projectId: project.id, taskId: task.id, comment, mentionIds: [cast.designerOnTeam.user.id] },
      });
    // The first notification of each member queues their e-mail digest (once per interval).
    ok("first comment", await post("First"));
    const before = await t.api(contract.messages.unreadCount, { token: cast.designerOnTeam.token });

    const { result, statements } = await recordStatements(t.database, async () => ok("comment", await post("Second")));

    expect(result.comment).toBe("Second");
    expect(statements.filter((text) => /^\s*(begin|commit)\s*$/i.test(text))).toHaveLength(2);
    expect(statements.some((text) => text.includes("insert into events"))).toBe(true);
    expect(statements.length, statements.join("\n---\n")).toBeLessThanOrEqual(5);
    const after = await t.api(contract.messages.unreadCount, { token: cast.designerOnTeam.token });
    expect(after.body.count).toBe(before.body.count + 1);
  });
});
