import { type CreatedProject, projectLink, uniqueProjectName } from "./projects-support.ts";
import {
  apiLogin,
  callApi,
  checkA11y,
  DEMO,
  expect,
  loginAs,
  registerCustomer,
  submitLogin,
  test,
  toastWith,
  uniqueEmail,
} from "./support.ts";

test("a project manager creates a project for a new customer, who then logs in and sees it", async ({
  page,
  browser,
}) => {
  const projectName = uniqueProjectName("PM for new customer");
  const customerEmail = uniqueEmail("pm-new-customer");
  const customerPassword = "new-customer-password-1";
  await loginAs(page, DEMO.projectManager.email);
  await page.goto("/app/projects");
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });

  // Existing customer is the default: a searchable customer picker.
  const customer = dialog.getByRole("combobox", { name: "Customer" });
  await expect(customer).toBeVisible();
  await expect(dialog.getByLabel("Dropbox folder link")).toHaveCount(0);
  await checkA11y(page);
  // Create without choosing a customer is refused.
  await dialog.getByLabel("Project name").fill(projectName);
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(dialog.getByText("Choose a customer")).toBeVisible();

  await dialog.getByText("New customer", { exact: true }).click();
  await expect(customer).toHaveCount(0);
  await checkA11y(page);
  await dialog.getByLabel("First name").fill("Nora");
  await dialog.getByLabel("Last name").fill("Newcomer");
  await dialog.getByLabel("Email").fill(customerEmail);
  await dialog.getByLabel("Company name").fill("Newcomer & Co");
  await dialog.getByLabel("Password", { exact: true }).fill(customerPassword);
  await dialog.getByRole("button", { name: "Create project" }).click();

  await expect(dialog).toBeHidden();
  await expect(toastWith(page, `Project "${projectName}" was created`)).toBeVisible();
  await expect(page).toHaveURL(/\/app\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: projectName })).toBeVisible();
  // A project manager sees the owner's e-mail; full surnames are for admins only.
  await expect(page.getByText("Nora N.", { exact: true })).toBeVisible();
  await expect(page.getByText(`(${customerEmail})`)).toBeVisible();
  const projectUrl = new URL(page.url()).pathname;

  const context = await browser.newContext();
  try {
    const customerPage = await context.newPage();
    await customerPage.goto("/app/auth/login");
    await submitLogin(customerPage, customerEmail, customerPassword);
    await expect(customerPage).toHaveURL(/\/app\/projects$/);
    await projectLink(customerPage, projectName).click();
    await expect(customerPage).toHaveURL(new RegExp(`${projectUrl}$`));
    await expect(customerPage.getByRole("heading", { level: 1, name: projectName })).toBeVisible();
    await expect(customerPage.getByRole("button", { name: "Archive" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a project manager creates a project for an existing customer picked by search", async ({ page }) => {
  const existing = await registerCustomer({ email: uniqueEmail("pm-existing"), name: "Xena", surname: "Existing" });
  const projectName = uniqueProjectName("PM for existing");
  await loginAs(page, DEMO.projectManager.email);
  await page.getByRole("button", { name: "New Project" }).click();
  const dialog = page.getByRole("dialog", { name: "New project" });
  await dialog.getByLabel("Project name").fill(projectName);
  await dialog.getByRole("combobox", { name: "Customer" }).fill(existing.email);
  await page.getByRole("option", { name: `Xena Existing (${existing.email})` }).click();
  await dialog.getByRole("button", { name: "Create project" }).click();
  await expect(page.getByRole("heading", { level: 1, name: projectName })).toBeVisible();
  await expect(page.getByText(`(${existing.email})`)).toBeVisible();
});

test("admin archives and restores a project, and it moves between the list filters", async ({ page }) => {
  const owner = await registerCustomer({ email: uniqueEmail("archive-owner") });
  const admin = await apiLogin(DEMO.admin.email);
  const project = await callApi<CreatedProject>(admin, "POST", "/v3/project/adminCreate", {
    // Sorted by name the project comes first ("0" before letters), so a list filter without it
    // shows that on its first page, not just somewhere past it.
    name: uniqueProjectName("0 Archive me"),
    isExistingCustomer: true,
    customerEmail: owner.email,
  });

  await loginAs(page, DEMO.admin.email);
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Archive", exact: true }).click();
  const archive = page.getByRole("dialog", { name: "Archive project" });
  await expect(archive).toContainText(`Archive ${project.name}?`);
  await checkA11y(page);
  await archive.getByRole("button", { name: "Archive", exact: true }).click();
  await expect(archive).toBeHidden();
  await expect(toastWith(page, "Project sucessfully updated!")).toBeVisible();
  await expect(page.getByText("Archived", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Restore", exact: true })).toBeVisible();

  // Listed under Archived, not under In progress.
  await page.goto("/app/projects");
  await page.getByRole("combobox", { name: "Sort" }).selectOption({ label: "Name (A–Z)" });
  const stateFilter = page.getByRole("radiogroup", { name: "Project state" });
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("name");
  await expect(page.getByRole("main").getByRole("article").first()).toBeVisible();
  await expect(projectLink(page, project.name)).toHaveCount(0);
  await stateFilter.getByText("Archived", { exact: true }).click();
  await expect(projectLink(page, project.name)).toBeVisible();
  await checkA11y(page);

  await projectLink(page, project.name).click();
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  await page.getByRole("button", { name: "Restore", exact: true }).click();
  const restore = page.getByRole("dialog", { name: "Restore project" });
  await expect(restore).toContainText(`Restore ${project.name}?`);
  await checkA11y(page);
  await restore.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(restore).toBeHidden();
  await expect(page.getByText("In progress", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toBeVisible();

  await page.goBack();
  // The tab is in the address (the sort is remembered): still Archived, where the project no longer is.
  await expect(page).toHaveURL(/\/app\/projects\?state=archived$/);
  await expect(stateFilter.getByRole("radio", { name: "Archived" })).toBeChecked();
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("name");
  await expect(
    page
      .getByRole("main")
      .getByRole("article")
      .first()
      .or(page.getByRole("heading", { name: "No archived projects" })),
  ).toBeVisible();
  await expect(projectLink(page, project.name)).toHaveCount(0);
  await stateFilter.getByText("In progress", { exact: true }).click();
  await expect(projectLink(page, project.name)).toBeVisible();
});

test("admin's project dialogs: new project, settings, notes and remove", async ({ page }) => {
  const owner = await registerCustomer({ email: uniqueEmail("admin-dialogs") });
  const admin = await apiLogin(DEMO.admin.email);
  const project = await callApi<CreatedProject>(admin, "POST", "/v3/project/adminCreate", {
    name: uniqueProjectName("Admin dialogs"),
    isExistingCustomer: true,
    customerEmail: owner.email,
  });
  await loginAs(page, DEMO.admin.email);

  // New project, admin variant: with the Dropbox link.
  await page.getByRole("button", { name: "New Project" }).click();
  const create = page.getByRole("dialog", { name: "New project" });
  await expect(create.getByLabel("Dropbox folder link")).toBeVisible();
  await checkA11y(page);
  await page.keyboard.press("Escape");
  await expect(create).toBeHidden();

  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();

  // Settings: admin renames the project.
  const renamed = `${project.name} renamed`;
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  await expect(settings.getByText("Subscription plan")).toBeVisible();
  await checkA11y(page);
  await settings.getByLabel("Project name").fill(renamed);
  await settings.getByRole("button", { name: "Save" }).click();
  await expect(settings).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: renamed })).toBeVisible();

  // Client character notes: staff write them.
  await page.getByRole("button", { name: "Notes", exact: true }).click();
  const notes = page.getByRole("dialog", { name: "Client character notes" });
  await checkA11y(page);
  await notes.getByLabel("Notes about the client").fill("Likes muted greens; decides on Fridays.");
  await notes.getByRole("button", { name: "Save" }).click();
  await expect(toastWith(page, "Notes sucessfully updated!")).toBeVisible();
  await expect(notes).toBeHidden();
  await page.getByRole("button", { name: "Notes", exact: true }).click();
  await expect(notes.getByLabel("Notes about the client")).toHaveValue("Likes muted greens; decides on Fridays.");
  await page.keyboard.press("Escape");

  // Team as admin: full surnames and the staff invite roles.
  await page.getByRole("button", { name: "Team", exact: true }).click();
  const team = page.getByRole("dialog", { name: "Team" });
  await expect(team.getByRole("listitem")).toContainText(`Erin Example`);
  await team.getByRole("combobox", { name: "Role" }).click();
  await expect(page.getByRole("option", { name: "Project Manager" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");
  await expect(team).toBeHidden();

  // Remove: confirm, back to the list, and the project is gone.
  await page.getByRole("button", { name: "Remove", exact: true }).click();
  const remove = page.getByRole("dialog", { name: "Remove project" });
  await expect(remove).toContainText(`Remove ${renamed}?`);
  await checkA11y(page);
  await remove.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(toastWith(page, `Project "${renamed}" was removed`)).toBeVisible();
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByText("This project does not exist or you do not have access to it")).toBeVisible();
});
