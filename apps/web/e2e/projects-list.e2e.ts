import { createOwnProject, projectCards, projectLink } from "./projects-support.ts";
import { expect, loginAs, registerCustomer, test, uniqueEmail } from "./support.ts";

test("the project list shows 20 projects and loads the rest as the user scrolls", async ({ page }) => {
  const customer = await registerCustomer({ email: uniqueEmail("many-projects") });
  const stamp = Date.now().toString(36);
  // Oldest first, so "Newest first" shows 25 … 6 on the first page and 5 … 1 after scrolling.
  for (let index = 1; index <= 25; index += 1) {
    await createOwnProject(customer, `Listed ${stamp} #${String(index).padStart(2, "0")}`);
  }

  await loginAs(page, customer.email, customer.password);
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(projectCards(page)).toHaveCount(20);
  await expect(projectLink(page, `Listed ${stamp} #25`)).toBeVisible();
  await expect(projectLink(page, `Listed ${stamp} #06`)).toBeVisible();
  await expect(projectLink(page, `Listed ${stamp} #05`)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();

  // Pointing at a team avatar names the person and their role (the tooltip's code loads then).
  // Customers see surnames shortened, their own too.
  await projectCards(page).first().getByRole("img", { name: "Avatar of Erin E." }).hover();
  await expect(page.getByRole("tooltip")).toHaveText("Erin E. · Owner");
  await page.mouse.move(0, 0);
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // Scrolling to the end loads the next page on its own (no click).
  await page.mouse.wheel(0, 20_000);
  await expect(projectCards(page)).toHaveCount(25);
  await expect(projectLink(page, `Listed ${stamp} #01`)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "25 projects" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);

  // Sorting by name starts again from the first page, A→Z. From here on the page has no
  // IntersectionObserver (as a browser without it), so only the Load more button can load page 2:
  // otherwise scrolling the button into view to click it would load the page on its own first.
  await page.evaluate(() => Reflect.deleteProperty(window, "IntersectionObserver"));
  await page.getByRole("combobox", { name: "Sort" }).selectOption({ label: "Name (A–Z)" });
  await expect(projectCards(page)).toHaveCount(20);
  await expect(projectCards(page).first()).toContainText(`Listed ${stamp} #01`);
  await expect(projectLink(page, `Listed ${stamp} #21`)).toHaveCount(0);
  // Keyboard users have the Load more button.
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(projectCards(page)).toHaveCount(25);
  await expect(projectCards(page).last()).toContainText(`Listed ${stamp} #25`);
});
