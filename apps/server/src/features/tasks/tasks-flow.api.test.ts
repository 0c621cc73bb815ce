import { contract, deadlineForDay, type Project, TASK_MESSAGES, type Task, type TaskStatus } from "@atelier/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assignTask,
  buildTask,
  buildTeamProject,
  buildTeamWorld,
  type Cast,
  setStatusAs,
  startTaskAs,
  uploadAttachment,
} from "../../../test/builders.ts";
import type { TestApp } from "../../../test/test-app.ts";
import { taskViews } from "../../db/schema/index.ts";

/** A task's life as people see it: create, assign, start, review, approve, history, redaction. */

let t: TestApp;
let cast: Cast;
let project: Project;

beforeAll(async () => {
  ({ t, cast, project } = await buildTeamWorld());
});
afterAll(() => t.close());

const getTask = (token: string, task: Task) =>
  t.api(contract.tasks.get, { params: { id: task.projectId, taskId: task.id }, token });
const history = async (token: string, task: Task) =>
  (await t.api(contract.tasks.history, { params: { id: task.projectId, taskId: task.id }, token })).body;
const getProject = async () =>
  (await t.api(contract.projects.get, { params: { id: project.id }, token: cast.owner.token })).body;

describe("a task from order to approval", () => {
  it("runs create → assign → start → review → approve, with history and a raised task count", async () => {
    const key = await uploadAttachment(t, cast.viewer, "brief.pdf");
    const before = (await getProject()).taskCount;
    const created = await buildTask(t, cast.viewer, {
      projectId: project.id,
      title: "  New logo  ",
      description: "Round, blue",
      descriptionFileKeys: [key],
    });
    expect(created).toMatchObject({
      title: "New logo",
      description: "Round, blue",
      status: "todo",
      priority: { value: "medium", textValue: "Medium" },
      taskArchived: false,
      designerId: null,
      deadline: 0,
      designsAndCommentsSeen: true,
      estimatedWork: null,
      createdBy: { id: cast.viewer.user.id, name: "Vera", surname: "V." },
      descriptionFiles: [{ key, name: "brief.pdf", size: expect.any(Number), contentType: expect.any(String) }],
    });
    expect(created.abilities).toMatchObject({ canEdit: false, canDelete: false, canStart: false, nextStatuses: [] });
    expect((await getProject()).taskCount).toBe(before + 1);

    // Otto is not on the team: assigning him puts him on it.
    const assigned = await assignTask(t, cast.projectManager, created, cast.designerOffTeam);
    expect(assigned.designer).toEqual({
      id: cast.designerOffTeam.user.id,
      name: "Otto",
      surname: "O.",
      avatarKey: null,
    });
    const team = (await getProject()).projectUsersFeData as Array<{ id: string; userProjectRole: string }>;
    expect(team.find((member) => member.id === cast.designerOffTeam.user.id)?.userProjectRole).toBe("designer");
    const asOtto = (await getTask(cast.designerOffTeam.token, created)).body;
    expect(asOtto.abilities).toMatchObject({ canStart: true, canEdit: false, canAssignDesigner: false });

    const started = await startTaskAs(t, cast.designerOffTeam, created, {
      estimatedTimeOfCompletion: 24,
      estimatedWork: 12,
    });
    expect(started).toMatchObject({ status: "inProgress", estimatedTimeOfCompletion: 24, estimatedWork: 12 });
    expect(started.abilities.nextStatuses).toEqual(["review"]);

    await setStatusAs(t, cast.designerOffTeam, created, "review");
    const ownerView = (await getTask(cast.owner.token, created)).body;
    expect(ownerView.abilities.nextStatuses).toEqual(["inProgress", "approved"]);
    const approved = await setStatusAs(t, cast.owner, created, "approved");
    expect(approved.status).toBe("approved");

    const entries = await history(cast.owner.token, created);
    expect(entries.items.map((item: { text: string }) => item.text)).toEqual([
      "Olivia O. moved the task to Approved",
      "Otto O. moved the task to In review",
      "Otto O. started work, to be done in 24 h",
      "Pat M. assigned Otto O.",
      "Vera V. created the task",
    ]);
    // The admin sees full surnames in history, as on the team list.
    const asAdmin = await history(cast.admin.token, created);
    expect(asAdmin.items.at(-1)?.text).toBe("Vera Viewer created the task");
    expect(asAdmin.items.at(-1)?.actor).toMatchObject({ id: cast.viewer.user.id, surname: "Viewer" });
  });
});

describe("the status flow", () => {
  it("refuses moves the flow does not allow with 412 and the reason, and changes nothing", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id });
    const move = (to: TaskStatus, who = cast.admin) =>
      t.api(contract.tasks.updateStatus, {
        token: who.token,
        body: { projectId: project.id, taskId: task.id, taskStatus: to },
      });

    expect((await move("inProgress")).error).toMatchObject({
      code: "RULE_REFUSED",
      message: TASK_MESSAGES.startWithEstimates,
    });
    expect((await move("review")).error.message).toBe(TASK_MESSAGES.onlyFromInProgressToReview);
    expect((await move("approved")).error.message).toBe(TASK_MESSAGES.onlyFromReview);
    expect((await move("todo")).status).toBe(412);
    const start = await t.api(contract.tasks.start, {
      token: cast.admin.token,
      params: { id: project.id, taskId: task.id },
      body: { estimatedTimeOfCompletion: 5, estimatedWork: 5 },
    });
    expect(start.status).toBe(412);
    expect(start.error.message).toBe(TASK_MESSAGES.needsDesigner);
    expect((await getTask(cast.admin.token, task)).body.status).toBe("todo");

    await assignTask(t, cast.admin, task, cast.designerOnTeam);
    await startTaskAs(t, cast.designerOnTeam, task);
    const again = await t.api(contract.tasks.start, {
      token: cast.designerOnTeam.token,
      params: { id: project.id, taskId: task.id },
      body: { estimatedTimeOfCompletion: 5, estimatedWork: 5 },
    });
    expect(again.status).toBe(412);
    expect(again.error.message).toBe(TASK_MESSAGES.alreadyStarted);
    expect((await move("inProgress")).error.message).toBe(TASK_MESSAGES.sameStatus);
    expect((await move("todo")).error.message).toBe(TASK_MESSAGES.backToTodo);
    // The designer may submit but not approve (403, not 412: someone else may).
    const designerApproves = await move("approved", cast.designerOnTeam);
    expect(designerApproves.status).toBe(403);
    await setStatusAs(t, cast.designerOnTeam, task, "review");
    expect((await move("approved", cast.designerOnTeam)).status).toBe(403);
    expect((await move("approved", cast.viewer)).status).toBe(403);
    // Changes requested: back to in progress, then approved and reopened.
    await setStatusAs(t, cast.editor, task, "inProgress");
    await setStatusAs(t, cast.designerOnTeam, task, "review");
    await setStatusAs(t, cast.editor, task, "approved");
    const eta = await t.api(contract.tasks.updateEstimates, {
      token: cast.designerOnTeam.token,
      body: { projectId: project.id, taskId: task.id, estimatedTimeOfCompletion: 10, estimatedWork: 3 },
    });
    expect(eta.status).toBe(412);
    expect(eta.error.message).toBe(TASK_MESSAGES.approvedEstimates);
    const reopened = await setStatusAs(t, cast.owner, task, "inProgress");
    expect(reopened.status).toBe("inProgress");
  });

  it("refuses changes to an archived task until it is unarchived", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id });
    await t.api(contract.tasks.archive, { token: cast.owner.token, body: { projectId: project.id, taskId: task.id } });
    const priority = await t.api(contract.tasks.updatePriority, {
      token: cast.owner.token,
      body: {
        projectId: project.id,
        taskId: task.id,
        taskPriority: "high",
      },
    });
    expect(priority.status).toBe(412);
    expect(priority.error.message).toBe(TASK_MESSAGES.archived);
    const archived = (await getTask(cast.owner.token, task)).body;
    expect(archived.priority.value).toBe("medium");
    expect(archived.abilities).toMatchObject({ canSetPriority: false, canArchive: true, canDelete: true });
  });
});

describe("costs, deadline, priority and seen", () => {
  it("never shows estimated work to a viewer, in any answer", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Costed" });
    await assignTask(t, cast.admin, task, cast.designerOnTeam);
    await startTaskAs(t, cast.designerOnTeam, task, { estimatedTimeOfCompletion: 30, estimatedWork: 40 });
    const seenBy = async (who: keyof Cast) => (await getTask(cast[who].token, task)).body.estimatedWork;
    expect(await seenBy("owner")).toBe(40);
    expect(await seenBy("editor")).toBe(40);
    expect(await seenBy("designerOnTeam")).toBe(40);
    expect(await seenBy("projectManager")).toBe(40);
    expect(await seenBy("viewer")).toBeNull();
    const list = await t.api(contract.tasks.list, { params: { id: project.id }, token: cast.viewer.token });
    expect(list.body.items.length).toBeGreaterThan(0);
    for (const item of list.body.items) expect(item.estimatedWork).toBeNull();
    const texts = (await history(cast.viewer.token, task)).items.map((item: { text: string }) => item.text).join("\n");
    expect(texts).not.toMatch(/40/);
    expect(JSON.stringify(list.body)).not.toContain('"estimatedWork":40');
  });

  it("says whether the estimate is hidden from the viewer, apart from there being none", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id, title: "Not yet estimated" });
    const answer = async (who: keyof Cast) => (await getTask(cast[who].token, task)).body;
    // No estimate yet: null for everyone, but only the viewer is told it is hidden.
    expect(await answer("owner")).toMatchObject({ estimatedWork: null, abilities: { canSeeCost: true } });
    expect(await answer("designerOnTeam")).toMatchObject({ estimatedWork: null, abilities: { canSeeCost: true } });
    expect(await answer("viewer")).toMatchObject({ estimatedWork: null, abilities: { canSeeCost: false } });
    const dashboard = await t.api(contract.tasks.dashboard, { query: {}, token: cast.admin.token });
    for (const item of dashboard.body.items) expect(item.abilities.canSeeCost).toBe(true);
  });

  it("sets the deadline to the end of the chosen day, clears it with 0, and answers priority with its text", async () => {
    const task = await buildTask(t, cast.editor, { projectId: project.id });
    const deadline = deadlineForDay(2031, 0, 15);
    const set = await t.api(contract.tasks.setDeadline, {
      token: cast.editor.token,
      body: {
        projectId: project.id,
        taskId: task.id,
        deadline,
      },
    });
    expect(set.body.deadline).toBe(Date.UTC(2031, 0, 15, 23, 59, 59));
    const cleared = await t.api(contract.tasks.setDeadline, {
      token: cast.editor.token,
      body: {
        projectId: project.id,
        taskId: task.id,
        deadline: 0,
      },
    });
    expect(cleared.body.deadline).toBe(0);
    const priority = await t.api(contract.tasks.updatePriority, {
      token: cast.owner.token,
      body: {
        projectId: project.id,
        taskId: task.id,
        taskPriority: "urgent",
      },
    });
    expect(priority.body.priority).toEqual({ value: "urgent", textValue: "Urgent" });
    const texts = (await history(cast.owner.token, task)).items.map((item: { text: string }) => item.text);
    expect(texts.slice(0, 3)).toEqual([
      "Olivia O. set the priority to Urgent",
      "Eddie E. cleared the deadline",
      "Eddie E. set the deadline to Jan 15, 2031",
    ]);
  });

  it("keeps designsAndCommentsSeen per user: marking it seen changes only the caller's flag", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id });
    // The designs feature will write false for the others when files arrive; stand in for it here.
    await t.ctx.db.insert(taskViews).values([
      { taskId: task.id, userId: cast.owner.user.id, designsAndCommentsSeen: false },
      { taskId: task.id, userId: cast.editor.user.id, designsAndCommentsSeen: false },
    ]);
    const flag = async (who: keyof Cast) => (await getTask(cast[who].token, task)).body.designsAndCommentsSeen;
    expect(await flag("owner")).toBe(false);
    const seen = await t.api(contract.tasks.seen, {
      token: cast.owner.token,
      body: { projectId: project.id, taskId: task.id },
    });
    expect(seen.body).toEqual({ success: true });
    expect(await flag("owner")).toBe(true);
    expect(await flag("editor")).toBe(false);
    expect(await flag("viewer")).toBe(true);
  });
});

describe("designers", () => {
  it("lists the team's designers apart from the others, with their open tasks", async () => {
    const other = await buildTeamProject(t, cast, { name: "Other" });
    const task = await buildTask(t, cast.owner, { projectId: other.id });
    await assignTask(t, cast.admin, task, cast.designerOnTeam);
    const res = await t.api(contract.tasks.listAvailableDesigners, {
      query: { projectId: other.id, taskId: task.id },
      token: cast.projectManager.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.onProject).toEqual([
      expect.objectContaining({ id: cast.designerOnTeam.user.id, surname: "D.", openTasks: expect.any(Number) }),
    ]);
    expect(res.body.onProject[0]?.openTasks).toBeGreaterThanOrEqual(1);
    expect(res.body.others.map((d: { id: string }) => d.id)).toContain(cast.designerOffTeam.user.id);
  });

  it("refuses to assign an account that is not a designer (412) and changes nothing", async () => {
    const task = await buildTask(t, cast.owner, { projectId: project.id });
    const res = await t.api(contract.tasks.assignDesigner, {
      token: cast.admin.token,
      body: {
        projectId: project.id,
        taskId: task.id,
        designerId: cast.otherCustomer.user.id,
      },
    });
    expect(res.status).toBe(412);
    expect(res.error.message).toBe(TASK_MESSAGES.notADesigner);
    const team = (await getProject()).projectUsersFeData as Array<{ id: string }>;
    expect(team.map((member) => member.id)).not.toContain(cast.otherCustomer.user.id);
    expect((await getTask(cast.admin.token, task)).body.designerId).toBeNull();
  });
});
