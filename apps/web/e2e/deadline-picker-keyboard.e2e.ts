import type { Page } from "@playwright/test";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { expect, test } from "./support.ts";
import { createTask, taskPanel } from "./tasks-support.ts";

/**
 * Issue 29 point 10: the New task dialog's deadline picker by keyboard. Escape closes one layer
 * at a time (the picker, then the dialog), and focus stays in the picker and comes back to its
 * field, never to the page body.
 */

/** The picker's open calendar (Mantine marks its dropdown). */
function pickerDropdown(page: Page) {
  return page.locator("[data-dates-dropdown]");
}

test("the deadline picker keeps focus and Escape closes one layer at a time", async ({ page }) => {
  const { owner, project } = await customerWithProject("picker-keys");
  await openProjectAs(page, owner, project);
  await page.getByRole("button", { name: "Add the first task" }).click();
  const create = page.getByRole("dialog", { name: "New task" });
  await create.getByLabel("Title").fill("Half-filled task");
  const field = create.getByRole("button", { name: "Deadline", exact: true });

  // Open the picker from the keyboard, go up to the year (Enter on the month header), then Escape.
  await field.focus();
  await page.keyboard.press("Enter");
  const dropdown = pickerDropdown(page);
  await expect(dropdown).toBeVisible();
  const header = dropdown.locator("button[class*='calendarHeaderLevel']");
  await header.focus();
  await page.keyboard.press("Enter");
  await expect(dropdown.locator("table[class*='monthsList']")).toBeVisible();
  await expect(dropdown.locator(":focus")).toHaveCount(1);
  await page.keyboard.press("Escape");
  await expect(dropdown).toBeHidden();
  await expect(create).toBeVisible();
  await expect(create.getByLabel("Title")).toHaveValue("Half-filled task");
  await expect(field).toBeFocused();

  // Pick a day by keyboard: the picker closes and focus is back on its field.
  await page.keyboard.press("Enter");
  await expect(dropdown).toBeVisible();
  await dropdown.getByRole("button", { name: "Next month" }).click();
  const day = dropdown.locator("button[data-mantine-stop-propagation]:not([data-outside]):not([disabled])", {
    hasText: /^15$/,
  });
  await day.focus();
  await page.keyboard.press("Enter");
  await expect(dropdown).toBeHidden();
  await expect(field).toBeFocused();
  await expect(field).toContainText("15");

  // Escape with the picker closed closes the dialog itself.
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();
});

test("closing the task panel by keyboard puts focus back on the task's link", async ({ page }) => {
  const { owner, project } = await customerWithProject("panel-keys");
  const task = await createTask(owner.token, project.id, "Keyboard poster");
  await openProjectAs(page, owner, project);
  const link = page.getByRole("main").getByRole("link", { name: task.title, exact: true });
  await link.focus();
  await page.keyboard.press("Enter");
  const panel = taskPanel(page, task.title);
  await expect(panel.getByRole("group", { name: "Deadline" })).toBeVisible();

  // The deadline dialog over the panel: saved by keyboard, focus comes back to its button.
  const setDeadline = panel.getByRole("button", { name: "Set deadline" });
  await setDeadline.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Set deadline" });
  await dialog.getByRole("button", { name: "Next month" }).click();
  const today = new Date();
  const day = new Date(today.getFullYear(), today.getMonth() + 1, 15);
  const label = `${day.getDate()} ${day.toLocaleString("en-GB", { month: "long" })} ${day.getFullYear()}`;
  await dialog.getByRole("button", { name: label, exact: true }).focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Save" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(setDeadline).toBeFocused();

  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(link).toBeFocused();
});
