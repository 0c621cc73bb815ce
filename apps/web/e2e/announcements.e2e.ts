import type { Locator, Page } from "@playwright/test";
import { pageFor } from "./designs-support.ts";
import { customerWithProject } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test, toastWith } from "./support.ts";

function banners(page: Page): Locator {
  return page.getByRole("region", { name: "Announcements" });
}
function banner(page: Page, text: string): Locator {
  return banners(page).getByRole("note").filter({ hasText: text });
}

test("an admin publishes an announcement; it shows live as a banner, a dismissed one stays dismissed after reload, a withdrawn one goes for everybody", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const adminToken = await apiLogin(DEMO.admin.email);
  const earlier = `Earlier announcement ${stamp}`;
  const earlierId = (
    await callApi<{ id: string }>(adminToken, "POST", "/v3/platform-notification", { message: earlier })
  ).id;

  // A customer has their projects open.
  const { owner } = await customerWithProject("announcements");
  const customer = await pageFor(browser, owner.email, owner.password);
  await customer.goto("/app/projects");
  await expect(banner(customer, earlier)).toBeVisible();

  // The admin publishes from the Users screen.
  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/users");
  const form = page.getByRole("region", { name: "Platform announcement" });
  await form.getByRole("button", { name: "Publish announcement" }).click();
  await expect(form.getByText("Write the announcement")).toBeVisible();
  const text = `Maintenance tonight ${stamp}`;
  await form.getByLabel("Announcement", { exact: true }).fill(text);
  await form.getByRole("button", { name: "Publish announcement" }).click();
  await expect(toastWith(page, "Announcement published")).toBeVisible();
  await expect(banner(page, text)).toBeVisible();

  // The customer's open screen shows it without reload; they dismiss it.
  await expect(banner(customer, text)).toBeVisible();
  await checkA11y(customer);
  await banner(customer, text).getByRole("button", { name: "Dismiss announcement" }).click();
  await expect(banner(customer, text)).toHaveCount(0);

  // After a reload it stays dismissed (the earlier one, not dismissed, shows: the list has loaded).
  await customer.reload();
  await expect(banner(customer, earlier)).toBeVisible();
  await expect(banner(customer, text)).toHaveCount(0);

  // The admin withdraws both from the list under the form (so no later journey's new customer sees
  // them); the customer's open screen loses the earlier banner without reload.
  const current = form.getByRole("list", { name: "Current announcements" });
  for (const [index, message] of [earlier, text].entries()) {
    await current.getByRole("listitem").filter({ hasText: message }).getByRole("button", { name: "Withdraw" }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw announcement" });
    await expect(confirm).toContainText(message);
    await confirm.getByRole("button", { name: "Withdraw" }).click();
    // (the first one's toast may still show during the second)
    if (index === 0) await expect(toastWith(page, "Announcement withdrawn")).toBeVisible();
    await expect(current.getByRole("listitem").filter({ hasText: message })).toHaveCount(0);
    await expect(banner(page, message)).toHaveCount(0);
  }
  await expect(banner(customer, earlier)).toHaveCount(0);
  await customer.context().close();
  const { items } = await callApi<{ items: { id: string }[] }>(adminToken, "GET", "/v3/platform-notification/list");
  expect(items.map((item) => item.id)).not.toContain(earlierId);
});
