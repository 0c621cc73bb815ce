import { customerWithProject, inviteToProject, openProjectAs } from "./projects-support.ts";
import { expect, registerCustomer, test, uniqueEmail } from "./support.ts";
import { createTask, openTaskFromCard, taskPanel } from "./tasks-support.ts";

/** Issue 29 point 15: "Not shown" only where the estimate is hidden from the viewer. */
test("the task panel tells a missing estimate from a hidden one", async ({ page, browser }) => {
  const { owner, project } = await customerWithProject("estimate-texts");
  const viewer = await registerCustomer({ email: uniqueEmail("estimate-viewer") });
  await inviteToProject(owner.token, { projectId: project.id, email: viewer.email, role: "viewer" });
  const task = await createTask(owner.token, project.id, "Unestimated poster");

  await openProjectAs(page, owner, project);
  let panel = await openTaskFromCard(page, task.title);
  await expect(panel.getByRole("group", { name: "Estimated work" })).toContainText("Not estimated yet");

  const viewerPage = await (await browser.newContext()).newPage();
  await openProjectAs(viewerPage, viewer, project);
  // A viewer's panel has no actions to wait for: its details are the sign it opened.
  await viewerPage.getByRole("main").getByRole("link", { name: task.title, exact: true }).click();
  panel = taskPanel(viewerPage, task.title);
  await expect(panel.getByRole("group", { name: "Estimated work" })).toContainText("Not shown");
});
