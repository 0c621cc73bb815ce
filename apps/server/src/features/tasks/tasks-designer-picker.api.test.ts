import { AVAILABLE_DESIGNERS_OTHERS, contract, type Project, type Task } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assignTask, buildTask, buildTeamWorld, buildUser, type Cast } from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";

/**
 * Issue 29 point 19: the assign dialog's designer picker. With thousands of designers the answer
 * holds the team and only the first others A→Z, and `q` finds any designer by name or e-mail.
 */

let t: TestApp;
let cast: Cast;
let project: Project;
let task: Task;
const stamp = Date.now();

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
  task = await buildTask(t, cast.owner, { projectId: project.id });
  await assignTask(t, cast.admin, task, cast.designerOnTeam);
  // More designers than one answer offers; "Zz" sorts them after the cast's designers.
  for (let i = 0; i <= AVAILABLE_DESIGNERS_OTHERS; i++) {
    await buildUser(t, {
      role: "designer",
      name: `Zz${String(i).padStart(2, "0")}`,
      surname: `Crowd${stamp}`,
      email: `crowd-${i}-${stamp}@picker.test`,
    });
  }
  await buildUser(t, { role: "designer", name: "Zzz", surname: "Needle", email: `needle-${stamp}@picker.test` });
});
afterAll(() => t.close());

const designers = (token: string, q?: string) =>
  t.api(contract.tasks.listAvailableDesigners, {
    token,
    query: { projectId: project.id, taskId: task.id, ...(q === undefined ? {} : { q }) },
  });

describe("GET /v3/project/list-available-designer ?q", () => {
  it("offers the team and the first others A→Z, and says when more match", async () => {
    const res = await designers(cast.projectManager.token);
    expect(res.status).toBe(200);
    expect(res.body.onProject.map((d) => d.id)).toEqual([cast.designerOnTeam.user.id]);
    expect(res.body.others).toHaveLength(AVAILABLE_DESIGNERS_OTHERS);
    expect(res.body.hasMoreOthers).toBe(true);
    expect(res.body.others.map((d) => d.id)).not.toContain(cast.designerOnTeam.user.id);
    const names = res.body.others.map((d) => `${d.name} ${d.surname}`);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })));
    // The needle sorts last: only a search reaches it.
    expect(res.body.others.map((d) => d.name)).not.toContain("Zzz");
  });

  it("finds any designer by name or e-mail words, on the team and off it", async () => {
    const byName = await designers(cast.admin.token, "zzz needle");
    expect(byName.body.others.map((d) => d.name)).toEqual(["Zzz"]);
    expect(byName.body.onProject).toEqual([]);
    expect(byName.body.hasMoreOthers).toBe(false);
    const byEmail = await designers(cast.admin.token, `NEEDLE-${stamp}@picker`);
    expect(byEmail.body.others.map((d) => d.name)).toEqual(["Zzz"]);
    const team = await designers(cast.admin.token, cast.designerOnTeam.user.email);
    expect(team.body.onProject.map((d) => d.id)).toEqual([cast.designerOnTeam.user.id]);
    expect(team.body.others).toEqual([]);
  });

  it("refuses a search longer than the limit (400) and callers who may not assign (403)", async () => {
    expect((await designers(cast.admin.token, "a".repeat(101))).status).toBe(400);
    expect((await designers(cast.owner.token, "needle")).status).toBe(403);
    expect((await designers(cast.designerOnTeam.token, "needle")).status).toBe(403);
  });
});
