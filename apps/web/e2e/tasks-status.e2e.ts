import type { Browser, Page } from "@playwright/test";
import { customerWithProject } from "./projects-support.ts";
import { apiLogin, DEMO, expect, loginAs, test, toastWith } from "./support.ts";
import { assignAndStart, createTask, taskPanel } from "./tasks-support.ts";

async function pageFor(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, email);
  return page;
}

test("review and approval: the designer submits, the owner requests changes, then approves and edits", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, project } = await customerWithProject("task-status");
  const admin = await apiLogin(DEMO.admin.email);
  const task = await createTask(owner.token, project.id, "Brochure cover");
  await assignAndStart(admin, task);
  const taskUrl = `/app/project/${project.id}/task/${task.id}`;

  const designer = await pageFor(browser, DEMO.designer.email);
  await designer.goto(taskUrl);
  const designerPanel = taskPanel(designer, "Brochure cover");
  // Only moves the designer may make are offered.
  await expect(designerPanel.getByRole("button", { name: "Approve task" })).toHaveCount(0);
  await designerPanel.getByRole("button", { name: "Submit for review" }).click();
  await expect(toastWith(designer, "Task moved to In review")).toBeVisible();
  await expect(designerPanel.getByText("In review", { exact: true })).toBeVisible();
  await expect(designerPanel.getByRole("button", { name: "Submit for review" })).toHaveCount(0);
  await designer.context().close();

  await loginAs(page, owner.email, owner.password);
  await page.goto(taskUrl);
  const panel = taskPanel(page, "Brochure cover");
  await panel.getByRole("button", { name: "Request changes" }).click();
  await expect(toastWith(page, "Task moved to In progress")).toBeVisible();
  await expect(panel.getByText("In progress", { exact: true })).toBeVisible();

  // Back in review (the designer again, through the API), the owner approves.
  const designerToken = await apiLogin(DEMO.designer.email);
  const response = await fetch(new URL("/v3/project/task/updateStatus", page.url()), {
    method: "POST",
    headers: { "Auth-Token": designerToken, "content-type": "application/json" },
    body: JSON.stringify({ projectId: project.id, taskId: task.id, taskStatus: "review" }),
  });
  expect(response.status).toBe(200);
  await page.reload();
  await panel.getByRole("button", { name: "Approve task" }).click();
  await page.getByRole("dialog", { name: "Approve task" }).getByRole("button", { name: "Approve task" }).click();
  await expect(toastWith(page, "Task approved")).toBeVisible();
  await expect(panel.getByText("Approved", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Reopen" })).toBeVisible();

  // The owner renames the task; the panel and the card follow.
  await panel.getByRole("button", { name: "Edit", exact: true }).click();
  const edit = page.getByRole("dialog", { name: "Edit task" });
  await edit.getByLabel("Title").fill("");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await edit.getByLabel("Title").fill("Brochure cover, final");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(toastWith(page, "Task updated")).toBeVisible();
  const renamed = taskPanel(page, "Brochure cover, final");
  await expect(renamed).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("main").getByRole("link", { name: "Brochure cover, final", exact: true })).toBeVisible();
});
