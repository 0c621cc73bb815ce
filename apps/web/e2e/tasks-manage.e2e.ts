import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { expect, test, toastWith } from "./support.ts";
import { createTasks, openTaskFromCard, taskCards } from "./tasks-support.ts";

test("archive and unarchive move a task between the lists; the counts follow", async ({ page }) => {
  const { owner, project } = await customerWithProject("task-archive");
  await createTasks(owner.token, project.id, ["Poster draft", "Flyer draft"]);
  await openProjectAs(page, owner, project);
  await expect(taskCards(page)).toHaveCount(2);

  const panel = await openTaskFromCard(page, "Poster draft");
  await panel.getByRole("button", { name: "Archive" }).click();
  await expect(toastWith(page, "Task archived")).toBeVisible();
  await expect(panel.getByText("Archived", { exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(taskCards(page)).toHaveCount(1);
  await expect(taskCards(page)).toContainText("Flyer draft");
  await expect(page.getByText("1 archived", { exact: false })).toBeVisible();

  const lists = page.getByRole("radiogroup", { name: "Which tasks" });
  await lists.getByText("Archived tasks", { exact: true }).click();
  await expect(taskCards(page)).toHaveCount(1);
  await expect(taskCards(page)).toContainText("Poster draft");
  const archived = await openTaskFromCard(page, "Poster draft");
  await archived.getByRole("button", { name: "Unarchive" }).click();
  await expect(toastWith(page, "Task moved back to the active list")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("No archived tasks")).toBeVisible();
  await lists.getByText("Active tasks", { exact: true }).click();
  await expect(taskCards(page)).toHaveCount(2);
  await expect(page.getByText("0 archived", { exact: false })).toBeVisible();
});

test("deleting a task asks first; Cancel keeps it, Delete removes it for good", async ({ page }) => {
  const { owner, project } = await customerWithProject("task-delete");
  await createTasks(owner.token, project.id, ["Keep me", "Remove me"]);
  await openProjectAs(page, owner, project);
  await expect(page.getByText("2 tasks ·", { exact: false })).toBeVisible();

  const panel = await openTaskFromCard(page, "Remove me");
  const taskUrl = new URL(page.url()).pathname;
  await panel.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete task" });
  await expect(confirm).toContainText("Remove me");
  // Cancel has the focus, so Enter does not delete by accident.
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(panel).toBeVisible();

  await panel.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastWith(page, "Task successfully removed")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/project/${project.id}$`));
  await expect(taskCards(page)).toHaveCount(1);
  await expect(taskCards(page)).toContainText("Keep me");
  await expect(page.getByText("1 task ·", { exact: false })).toBeVisible();

  // Its link now says so instead of showing a stale task.
  await page.goto(taskUrl);
  await expect(page.getByText("This task does not exist or you do not have access to it.")).toBeVisible();
});
