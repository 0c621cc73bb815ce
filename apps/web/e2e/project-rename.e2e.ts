import { MESSAGES } from "@atelier/shared";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { expect, test, toastWith } from "./support.ts";

/** Issue 29 point 13: renaming a project needs no billing address; billing details are checked when given. */
test("the owner renames the project without billing details", async ({ page }) => {
  const { owner, project } = await customerWithProject("rename-owner");
  await openProjectAs(page, owner, project);

  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  await expect(settings.getByLabel("Street address")).toHaveValue("");
  const renamed = `${project.name} renamed`;
  await settings.getByLabel("Project name").fill(renamed);
  await settings.getByRole("button", { name: "Save", exact: true }).click();
  await expect(settings).toBeHidden();
  await expect(toastWith(page, MESSAGES.projectUpdated)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

  // Billing details begun are asked for whole.
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  await settings.getByLabel("City").fill("Lisbon");
  await settings.getByRole("button", { name: "Save", exact: true }).click();
  await expect(settings.getByLabel("Street address")).toHaveAttribute("aria-invalid", "true");
  await expect(settings).toContainText("Street address is required");
});
