import { newDesigner, startedTask } from "./hours-support.ts";
import { customerWithProject } from "./projects-support.ts";
import { DEMO, expect, loginAs, test } from "./support.ts";

/**
 * Issue 29 point 12: a task in progress without a deadline is on the schedule, and weekends show
 * no capacity (capacity is Monday to Friday).
 */
test("the schedule shows an undated task in progress and no capacity at weekends", async ({ page }) => {
  const designer = await newDesigner("schedule-undated");
  const { owner, project } = await customerWithProject("schedule-undated");
  await startedTask(owner, project.id, designer, "Undated poster", 6);

  await loginAs(page, DEMO.projectManager.email);
  await page.goto("/app/schedule");
  // Work started at a weekend is planned from Monday: the next week's view shows it.
  const weekday = new Date().getUTCDay();
  if (weekday === 0 || weekday === 6) await page.getByRole("button", { name: "Next week" }).click();
  const table = page.getByRole("table", { name: /^Schedule/ });
  const row = table.getByRole("row").filter({ hasText: `${designer.name} ${designer.surname}` });
  await expect(row.getByText(/^Undated poster/).first()).toBeVisible();
  const cells = row.getByRole("cell");
  await expect(cells).toHaveCount(7);
  await expect(cells.nth(0)).toContainText("/ 8 h");
  await expect(cells.nth(5)).toHaveText("Day off");
  await expect(cells.nth(6)).toHaveText("Day off");
});
