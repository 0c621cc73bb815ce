import { customerWithProject, inviteToProject, openTeam, projectLink } from "./projects-support.ts";
import {
  apiLogin,
  checkA11y,
  DEMO,
  expect,
  loginAs,
  registerCustomer,
  submitLogin,
  test,
  uniqueEmail,
} from "./support.ts";

test.describe("accessibility of the projects screens", () => {
  test("a new customer's projects list: empty in progress, empty archived, then one project", async ({ page }) => {
    const customer = await registerCustomer({ email: uniqueEmail("a11y-projects") });
    await loginAs(page, customer.email, customer.password);
    await expect(page.getByText("No projects yet")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create your first project" })).toBeVisible();
    await checkA11y(page);

    const stateFilter = page.getByRole("radiogroup", { name: "Project state" });
    await stateFilter.getByText("Archived", { exact: true }).click();
    await expect(page.getByText("No archived projects")).toBeVisible();
    await checkA11y(page);

    // The empty state's action opens the customer's New project dialog.
    await stateFilter.getByText("In progress", { exact: true }).click();
    await page.getByRole("button", { name: "Create your first project" }).click();
    const create = page.getByRole("dialog", { name: "New project" });
    await create.getByLabel("Project name").fill("First of many");
    await create.getByRole("button", { name: "Create project" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "First of many" })).toBeVisible();
    await page.goto("/app/projects");
    await expect(projectLink(page, "First of many")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "1 project" })).toBeVisible();
    await checkA11y(page);
  });

  test("a designer on the team: project screen and the read-only notes", async ({ page }) => {
    const { project } = await customerWithProject("a11y-designer");
    const admin = await apiLogin(DEMO.admin.email);
    await inviteToProject(admin, { projectId: project.id, email: DEMO.designer.email, role: "designer" });
    await loginAs(page, DEMO.designer.email);
    await page.goto(`/app/project/${project.id}`);
    await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
    // A designer neither archives, removes nor changes settings.
    await expect(page.getByRole("button", { name: "Archive" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Settings", exact: true })).toHaveCount(0);
    await checkA11y(page);
    await page.getByRole("button", { name: "Notes", exact: true }).click();
    const notes = page.getByRole("dialog", { name: "Client character notes" });
    await expect(notes.getByText("No notes about this client yet.")).toBeVisible();
    await expect(notes.getByRole("textbox")).toHaveCount(0);
    await checkA11y(page);
  });

  test("the owner's project settings and team with the invite form", async ({ page }) => {
    const { owner, project } = await customerWithProject("a11y-owner");
    const viewer = await registerCustomer({ email: uniqueEmail("a11y-viewer"), name: "Vic", surname: "Viewer" });
    await inviteToProject(owner.token, { projectId: project.id, email: viewer.email, role: "viewer" });
    await loginAs(page, owner.email, owner.password);
    await page.goto(`/app/project/${project.id}`);
    await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
    // Client character notes are internal: the customer has no Notes button.
    await expect(page.getByRole("button", { name: "Notes", exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Settings", exact: true }).click();
    const settings = page.getByRole("dialog", { name: "Project settings" });
    await expect(settings.getByLabel("Street address")).toBeVisible();
    // The plan section is for the owner and staff (issue 11).
    await expect(settings.getByText("Subscription plan")).toBeVisible();
    // Billing rules (SPEC §5) are checked before saving.
    await settings.getByLabel("Street address").fill("");
    await settings.getByLabel("City").fill("Berlin");
    await settings.getByRole("button", { name: "Save" }).click();
    await expect(settings.getByLabel("Street address")).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page);
    await page.keyboard.press("Escape");
    await expect(settings).toBeHidden();

    const team = await openTeam(page);
    await expect(team.getByRole("form", { name: "Invite to the project" })).toBeVisible();
    await expect(team.getByRole("button", { name: "Remove Vic V. from the project" })).toBeVisible();
    await expect(team.getByRole("button", { name: "Remove a member by e-mail" })).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("projects at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("projects list and project screen", async ({ page }) => {
    const { owner, project } = await customerWithProject("a11y-phone");
    // At phone width Logout sits behind the burger, so wait for the landing screen instead.
    await page.goto("/app/auth/login");
    await submitLogin(page, owner.email, owner.password);
    await expect(page).toHaveURL(/\/app\/projects$/);
    await expect(projectLink(page, project.name)).toBeVisible();
    await checkA11y(page);
    // Nothing spills sideways at phone width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await projectLink(page, project.name).click();
    await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
    await expect(page.getByRole("button", { name: "Team", exact: true })).toBeVisible();
    await checkA11y(page);
    const projectOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(projectOverflow).toBeLessThanOrEqual(0);
  });
});
