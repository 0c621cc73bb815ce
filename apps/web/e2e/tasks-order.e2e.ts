import type { Locator, Page } from "@playwright/test";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { expect, test } from "./support.ts";
import { cardTitles, createTasks, taskCards } from "./tasks-support.ts";

/** Drags by the handle onto the target's top edge, in small steps as a hand would. */
async function dragOnto(page: Page, handle: Locator, target: Locator): Promise<void> {
  await handle.scrollIntoViewIfNeeded();
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("drag handle or target not on screen");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 20 });
  await page.mouse.up();
}

/** The sort the board shows: the selected option of the native select. */
function sortChoice(page: Page): Locator {
  return page.getByRole("combobox", { name: "Sort tasks" }).locator("option:checked");
}

// Tall enough for the four cards and the project header on one screen while dragging.
test.use({ viewport: { width: 1280, height: 1400 } });

test("custom order: a drag with the mouse and a move from the keyboard both survive a reload", async ({ page }) => {
  // Two reloads and a return to the project, each drawing the project screen with its hours chart.
  test.setTimeout(120_000);
  const { owner, project } = await customerWithProject("task-order");
  await createTasks(owner.token, project.id, ["First", "Second", "Third", "Fourth"]);
  await openProjectAs(page, owner, project);
  // Date added (the default): newest first.
  await expect(sortChoice(page)).toHaveText("Date added");
  await expect.poll(() => cardTitles(page)).toEqual(["Fourth", "Third", "Second", "First"]);
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);

  await page.getByRole("combobox", { name: "Sort tasks" }).selectOption({ label: "Custom" });
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(4);
  const start = await cardTitles(page);
  expect([...start].sort()).toEqual(["First", "Fourth", "Second", "Third"]);

  // Mouse: the last card is dragged onto the first.
  const last = start[3] ?? "";
  await dragOnto(page, page.getByRole("button", { name: `Move ${last}` }), taskCards(page).first());
  const afterDrag = [last, ...start.slice(0, 3)];
  await expect.poll(() => cardTitles(page)).toEqual(afterDrag);
  await page.reload();
  await expect(sortChoice(page)).toHaveText("Custom");
  await expect.poll(() => cardTitles(page)).toEqual(afterDrag);

  // Keyboard: Space picks the top card up, two arrows down, Space drops it third.
  const top = afterDrag[0] ?? "";
  await page.getByRole("button", { name: `Move ${top}` }).focus();
  // Each step waits for what a screen reader hears, as the list re-measures between moves.
  const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  await page.keyboard.press("Space");
  // Picked up: it is over its own place first.
  await heard(`${top} moved to position 1 of 4.`);
  await page.keyboard.press("ArrowDown");
  await heard(`${top} moved to position 2 of 4.`);
  await page.keyboard.press("ArrowDown");
  await heard(`${top} moved to position 3 of 4.`);
  await page.keyboard.press("Space");
  await heard(`${top} dropped at position 3 of 4.`);
  const afterKeys = [afterDrag[1], afterDrag[2], top, afterDrag[3]];
  await expect.poll(() => cardTitles(page)).toEqual(afterKeys);
  await page.reload();
  await expect.poll(() => cardTitles(page)).toEqual(afterKeys);

  // Leaving the project resets the sort to date added (SPEC §4). The reset is sent once the
  // project screen has gone, which with lazy screens can be after the address changed: wait for
  // it to be answered before the full page load below, which would cut it off.
  const reset = page.waitForResponse(
    (response) => response.url().includes("/v3/project/updateUserTaskOrder") && response.url().includes("created"),
  );
  await page.getByRole("link", { name: "Projects", exact: true }).first().click();
  await expect(page).toHaveURL(/\/app\/projects$/);
  expect((await reset).ok()).toBe(true);
  await page.goto(`/app/project/${project.id}`);
  await expect(sortChoice(page)).toHaveText("Date added");
  await expect.poll(() => cardTitles(page)).toEqual(["Fourth", "Third", "Second", "First"]);
});

test("the list shows 10 tasks and loads 10 more as the user scrolls", async ({ page }) => {
  const { owner, project } = await customerWithProject("task-paging");
  await createTasks(
    owner.token,
    project.id,
    Array.from({ length: 12 }, (_, index) => `Paged ${String(index + 1).padStart(2, "0")}`),
  );
  await openProjectAs(page, owner, project);
  await expect(taskCards(page)).toHaveCount(10);
  await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();
  await page.mouse.wheel(0, 20_000);
  await expect(taskCards(page)).toHaveCount(12);
  await expect(page.getByRole("status").filter({ hasText: "12 tasks" })).toBeVisible();
  await expect(taskCards(page).last()).toContainText("Paged 01");
});
