import { uniqueProjectName } from "./projects-support.ts";
import { checkA11y, expect, test, uniqueEmail } from "./support.ts";

test("a new customer onboards (account, company, project) and lands signed in on the new project", async ({ page }) => {
  const email = uniqueEmail("onboard");
  const projectName = uniqueProjectName("Onboarded");
  await page.goto("/app/onboard");
  await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();

  // Step 1: account. Next refuses an empty step and says why.
  const next = page.getByRole("button", { name: "Next" });
  await next.click();
  await expect(page.getByLabel("First name")).toHaveAttribute("aria-invalid", "true");
  await checkA11y(page);
  await page.getByLabel("First name").fill("Olivia");
  await page.getByLabel("Last name").fill("Onboard");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("onboard-password-1");
  await next.click();

  // Step 2: company (billing details).
  await expect(page.getByLabel("Street address")).toBeVisible();
  await checkA11y(page);
  await page.getByLabel("Company name").fill("Onboard Studio Ltd");
  await page.getByLabel("Street address").fill("12 Quay Road");
  await page.getByLabel("City").fill("Porto");
  await page.getByLabel("Post code").fill("4000-100");
  const country = page.getByRole("combobox", { name: "Country" });
  await country.fill("Portug");
  await page.getByRole("option", { name: "Portugal", exact: true }).click();
  await expect(country).toHaveValue("Portugal");
  await next.click();

  // Step 3: the first project.
  const projectField = page.getByLabel("Project name");
  await expect(projectField).toBeVisible();
  await checkA11y(page);
  await projectField.fill(projectName);
  await page.getByRole("button", { name: "Create account" }).click();

  // Signed in, on the new project's screen.
  await expect(page).toHaveURL(/\/app\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: projectName })).toBeVisible();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
  await expect(page.getByRole("banner").getByText("Olivia Onboard")).toBeVisible();
  await expect(page.getByText(`(${email})`)).toBeVisible();

  // The company step was saved as the project's billing details.
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  await expect(settings.getByLabel("City")).toHaveValue("Porto");
  await expect(settings.getByLabel("Company name")).toHaveValue("Onboard Studio Ltd");
  await expect(settings.getByRole("combobox", { name: "Country" })).toHaveValue("Portugal");
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  // And it is listed among their projects.
  await page.goto("/app/projects");
  await expect(page.getByRole("main").getByRole("link", { name: projectName, exact: true })).toBeVisible();
});
