import { contract, MESSAGES, type Project } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeamWorld, type Cast } from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/** Issue 29, point 14: an archived project takes no new tasks, from anyone, until it is restored. */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

const create = (token: string, title: string) =>
  t.api(contract.tasks.create, { token, body: { projectId: project.id, title } });

const changeState = async (state: "archived" | "inProgress") => {
  const res = await t.api(contract.projects.changeState, { token: cast.admin.token, body: { id: project.id, state } });
  expect(res.status).toBe(200);
};

describe("adding a task to an archived project", () => {
  it("is refused with 412 and a sentence, for the owner and for staff alike; restored, it works again", async () => {
    await changeState("archived");
    for (const person of [cast.owner, cast.admin]) {
      const refused = await create(person.token, "Too late");
      expect(refused.status).toBe(412);
      expect(refused.received).toMatchObject({ code: "RULE_REFUSED", message: MESSAGES.projectArchivedNoTasks });
    }
    const before = await t.api(contract.projects.get, { token: cast.owner.token, params: { id: project.id } });
    expect(before.status === 200 && before.body.taskCount).toBe(0);

    await changeState("inProgress");
    expect((await create(cast.owner.token, "Back at work")).status).toBe(200);
  });

  it("still answers 403 first to someone who may not add tasks at all", async () => {
    await changeState("archived");
    expect((await create(cast.designerOnTeam.token, "Not mine")).status).toBe(403);
    await changeState("inProgress");
  });
});
