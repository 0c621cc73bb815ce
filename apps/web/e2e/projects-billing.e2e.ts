import { MESSAGES } from "@atelier/shared";
import type { Page } from "@playwright/test";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { expect, test, toastWith } from "./support.ts";

async function openSettings(page: Page) {
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  await expect(settings.getByLabel("Street address")).toBeVisible();
  return settings;
}

test("the owner saves billing details as a company, then as an individual", async ({ page }) => {
  const { owner, project } = await customerWithProject("billing-owner");
  await openProjectAs(page, owner, project);

  // As a company: the company name is asked for.
  let settings = await openSettings(page);
  const customerType = settings.getByRole("combobox", { name: "Customer type" });
  await customerType.click();
  await page.getByRole("option", { name: "Company", exact: true }).click();
  await expect(customerType).toHaveValue("Company");
  await settings.getByLabel("Company name").fill("Billing Studio Ltd");
  await settings.getByLabel("Street address").fill("7 Harbour Street");
  await settings.getByLabel("City").fill("Lisbon");
  await settings.getByLabel("Post code").fill("1100-001");
  const country = settings.getByRole("combobox", { name: "Country" });
  await country.fill("Portug");
  await page.getByRole("option", { name: "Portugal", exact: true }).click();
  await expect(country).toHaveValue("Portugal");
  await settings.getByRole("button", { name: "Save", exact: true }).click();
  await expect(settings).toBeHidden();
  await expect(toastWith(page, MESSAGES.projectUpdated)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  settings = await openSettings(page);
  await expect(settings.getByRole("combobox", { name: "Customer type" })).toHaveValue("Company");
  await expect(settings.getByLabel("Company name")).toHaveValue("Billing Studio Ltd");
  await expect(settings.getByLabel("Street address")).toHaveValue("7 Harbour Street");

  // As an individual: the company name field goes away.
  await settings.getByRole("combobox", { name: "Customer type" }).click();
  await page.getByRole("option", { name: "Individual", exact: true }).click();
  await expect(settings.getByRole("combobox", { name: "Customer type" })).toHaveValue("Individual");
  await expect(settings.getByLabel("Company name")).toHaveCount(0);
  await settings.getByRole("button", { name: "Save", exact: true }).click();
  await expect(settings).toBeHidden();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  settings = await openSettings(page);
  await expect(settings.getByRole("combobox", { name: "Customer type" })).toHaveValue("Individual");
  await expect(settings.getByLabel("Company name")).toHaveCount(0);
  await expect(settings.getByLabel("Street address")).toHaveValue("7 Harbour Street");
  await expect(settings.getByLabel("City")).toHaveValue("Lisbon");
  await expect(settings.getByLabel("Post code")).toHaveValue("1100-001");
  await expect(settings.getByRole("combobox", { name: "Country" })).toHaveValue("Portugal");
});
