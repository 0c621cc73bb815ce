import type { Browser, Page } from "@playwright/test";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { DEMO, expect, loginAs, TINY_PNG, test, toastWith } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/** Another user's browser, next to the journey's own page. */
async function pageFor(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, email);
  return page;
}

/** How the date picker names a day: "15 December 2026". */
function dayLabel(date: Date): string {
  return `${date.getDate()} ${date.toLocaleString("en-GB", { month: "long" })} ${date.getFullYear()}`;
}

test("a task from order to work: created with a file, assigned, started with estimates, deadline and priority set", async ({
  page,
  browser,
}) => {
  // Three people sign in and each takes several steps: longer than one screen's journey.
  test.setTimeout(150_000);
  const { owner, project } = await customerWithProject("task-journey");
  const title = `Logo refresh ${Date.now().toString(36)}`;

  // The customer (owner) adds a task with a description file.
  await openProjectAs(page, owner, project);
  await expect(page.getByText("No tasks yet")).toBeVisible();
  await page.getByRole("button", { name: "Add the first task" }).click();
  const create = page.getByRole("dialog", { name: "New task" });
  await create.getByRole("button", { name: "Add task" }).click();
  await expect(create.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await create.getByLabel("Title").fill(title);
  await create.getByLabel("Description").fill("A calmer logo; keep the colours.");
  await create
    .locator('input[type="file"]')
    .setInputFiles({ name: "reference.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(create.getByRole("list", { name: "Attached files" })).toContainText("reference.png");
  await create.getByRole("button", { name: "Add task" }).click();
  await expect(toastWith(page, `Task "${title}" was added`)).toBeVisible();

  // The new task's panel opens at its own link, with its file.
  const panel = taskPanel(page, title);
  await expect(
    panel.getByRole("list", { name: "Description files" }).getByRole("link", { name: "reference.png" }),
  ).toBeVisible();
  await expect(panel.getByText("A calmer logo; keep the colours.")).toBeVisible();
  await expect(panel.getByText("To do", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/project/${project.id}/task/[0-9a-f-]+$`));
  const taskUrl = new URL(page.url()).pathname;
  // A customer neither assigns designers nor starts work.
  await expect(panel.getByRole("button", { name: "Assign designer" })).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Start task" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/app/project/${project.id}$`));
  await expect(page.getByRole("main").getByRole("article").filter({ hasText: title })).toContainText("No designer yet");

  // The project manager assigns the demo designer (from the "others": they join the team).
  const pm = await pageFor(browser, DEMO.projectManager.email);
  await pm.goto(taskUrl);
  const pmPanel = taskPanel(pm, title);
  await pmPanel.getByRole("button", { name: "Assign designer" }).click();
  const assign = pm.getByRole("dialog", { name: "Assign designer" });
  // Surnames of other people show as an initial (as on the team list).
  const designerName = `${DEMO.designer.name} ${DEMO.designer.surname[0]}.`;
  await assign
    .getByRole("group", { name: "Other designers" })
    .getByRole("radio", { name: new RegExp(designerName) })
    .check();
  await assign.getByRole("button", { name: "Assign" }).click();
  await expect(toastWith(pm, `${designerName} is assigned to the task`)).toBeVisible();
  await expect(pmPanel.getByRole("group", { name: "Designer" })).toContainText(designerName);
  await pmPanel.getByRole("button", { name: "Change designer" }).click();
  await expect(
    assign.getByRole("group", { name: "On this project" }).getByRole("radio", { name: new RegExp(designerName) }),
  ).toBeChecked();
  await pm.keyboard.press("Escape");
  await pm.context().close();

  // The designer starts it, setting both estimates from the keyboard.
  const designer = await pageFor(browser, DEMO.designer.email);
  await designer.goto(taskUrl);
  const designerPanel = taskPanel(designer, title);
  await designerPanel.getByRole("button", { name: "Start task" }).click();
  const start = designer.getByRole("dialog", { name: "Start task" });
  const eta = start.getByRole("slider", { name: "Time to completion in hours" });
  await eta.focus();
  await designer.keyboard.press("Home");
  for (let step = 0; step < 36; step += 1) await designer.keyboard.press("ArrowRight");
  await expect(eta).toHaveAttribute("aria-valuenow", "36");
  await expect(start.getByTestId("eta-dial")).toHaveText("36H");
  const work = start.getByRole("slider", { name: "Estimated work in hours" });
  await work.focus();
  await designer.keyboard.press("End");
  await expect(start.getByTestId("work-value")).toHaveText("50+ h");
  for (let step = 0; step < 38; step += 1) await designer.keyboard.press("ArrowLeft");
  await expect(work).toHaveAttribute("aria-valuenow", "12");
  await start.getByRole("button", { name: "Start task" }).click();
  await expect(toastWith(designer, "Work on the task has started")).toBeVisible();
  await expect(designerPanel.getByText("In progress", { exact: true })).toBeVisible();
  await expect(designerPanel.getByRole("group", { name: "Time to completion" })).toContainText("36H");
  await expect(designerPanel.getByRole("group", { name: "Estimated work" })).toContainText("12 h");
  await expect(designerPanel.getByRole("button", { name: "Submit for review" })).toBeVisible();
  await designer.context().close();

  // The owner sets the deadline (weeks from Monday, no past days) and the priority.
  await page.reload();
  await page.getByRole("main").getByRole("link", { name: title, exact: true }).click();
  const ownerPanel = taskPanel(page, title);
  await expect(ownerPanel.getByText("In progress", { exact: true })).toBeVisible();
  await ownerPanel.getByRole("button", { name: "Set deadline" }).click();
  const deadline = page.getByRole("dialog", { name: "Set deadline" });
  await expect(deadline.locator("thead th").first()).toHaveText(/^mo/i);
  const today = new Date();
  if (today.getDate() > 1) {
    const yesterday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1);
    await expect(deadline.getByRole("button", { name: dayLabel(yesterday), exact: true })).toBeDisabled();
  }
  await deadline.getByRole("button", { name: "Next month" }).click();
  const nextMonth = new Date(today.getFullYear(), today.getMonth() + 1, 15);
  await deadline.getByRole("button", { name: dayLabel(nextMonth), exact: true }).click();
  await deadline.getByRole("button", { name: "Save" }).click();
  // The deadline is that day's 23:59:59 UTC, shown as the day itself.
  const dueText = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric" }).format(
    nextMonth,
  );
  await expect(toastWith(page, `Deadline set to ${dueText}`)).toBeVisible();
  await expect(ownerPanel.getByRole("group", { name: "Deadline" })).toContainText(`Due ${dueText}`);

  await ownerPanel.getByRole("button", { name: "Set priority" }).click();
  const priority = page.getByRole("dialog", { name: "Set priority" });
  await priority.getByRole("radio", { name: "Urgent" }).check();
  await priority.getByRole("button", { name: "Save" }).click();
  await expect(toastWith(page, "Priority set to Urgent")).toBeVisible();
  await expect(ownerPanel.getByText("Urgent priority")).toBeVisible();
  // The history records each change, newest first.
  await expect(ownerPanel.getByRole("list", { name: "Task history" }).getByRole("listitem")).not.toHaveCount(0);

  // The card on the board shows it all.
  await page.keyboard.press("Escape");
  const card = page.getByRole("main").getByRole("article").filter({ hasText: title });
  await expect(card).toContainText("In progress");
  await expect(card).toContainText("Urgent priority");
  await expect(card).toContainText(`Due ${dueText}`);
  await expect(card).toContainText(designerName);
  await expect(card).toContainText("ETA 36H");
});
