import { MESSAGES } from "@atelier/shared";
import { customerWithProject, inviteToProject, openTeam, projectLink, uniqueProjectName } from "./projects-support.ts";
import { checkA11y, expect, loginAs, registerCustomer, test, toastWith, uniqueEmail, waitForMail } from "./support.ts";

test("a customer creates a project, invites an editor who accepts by creating an account", async ({
  page,
  browser,
}) => {
  const owner = await registerCustomer({ email: uniqueEmail("inviter"), name: "Iris", surname: "Inviter" });
  const projectName = uniqueProjectName("Invite journey");
  const editorEmail = uniqueEmail("editor");
  await loginAs(page, owner.email, owner.password);
  await expect(page).toHaveURL(/\/app\/projects$/);

  // New Project, customer variant: only the name; the project is the customer's own.
  await page.getByRole("button", { name: "New Project" }).click();
  const create = page.getByRole("dialog", { name: "New project" });
  await expect(create.getByText(`The project is created for your account (${owner.email})`)).toBeVisible();
  await expect(create.getByRole("combobox", { name: "Customer" })).toHaveCount(0);
  await checkA11y(page);
  await create.getByLabel("Project name").fill(projectName);
  await create.getByRole("button", { name: "Create project" }).click();
  await expect(create).toBeHidden();
  await expect(page).toHaveURL(/\/app\/project\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: projectName })).toBeVisible();

  // Team: the owner alone, and the invite form (a customer's default role is Viewer).
  const team = await openTeam(page);
  await expect(team.getByRole("listitem")).toHaveCount(1);
  await expect(team.getByRole("listitem")).toContainText("Iris I.");
  const role = team.getByRole("combobox", { name: "Role" });
  await expect(role).toHaveValue("Viewer");
  // An invalid address is refused in the form.
  await team.getByLabel("Email").fill("not-an-email");
  await team.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(team.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await checkA11y(page);
  // A customer may give Editor or Viewer, never the staff roles.
  await role.click();
  await expect(page.getByRole("option", { name: "Designer" })).toHaveCount(0);
  await page.getByRole("option", { name: "Editor", exact: true }).click();
  await expect(role).toHaveValue("Editor");
  await team.getByLabel("Email").fill(editorEmail);
  await team.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(toastWith(page, `User ${editorEmail} was successfully invited`)).toBeVisible();
  await expect(team.getByLabel("Email")).toHaveValue("");

  // The editor follows the mailed link and creates their account.
  const mail = await waitForMail(editorEmail, /invited you/);
  const link = mail.links.find((candidate) => candidate.includes("/app/auth/invite?inviteKey="));
  expect(link, `invite link in ${JSON.stringify(mail.links)}`).toBeDefined();
  const url = new URL(link as string);
  const context = await browser.newContext();
  try {
    const editor = await context.newPage();
    await editor.goto(url.pathname + url.search);
    await expect(editor.getByText(`invited you to join ${projectName} as Editor`)).toBeVisible();
    await expect(editor.getByLabel("Email")).toHaveValue(editorEmail);
    await checkA11y(editor);
    await editor.getByLabel("Name", { exact: true }).fill("Eddie");
    await editor.getByLabel("Surname").fill("Editor");
    await editor.getByLabel("Password", { exact: true }).fill("editor-password-1");
    await editor.getByRole("button", { name: "Create account and join" }).click();

    await expect(editor).toHaveURL(/\/app\/project\/[0-9a-f-]{36}$/);
    await expect(editor.getByRole("heading", { level: 1, name: projectName })).toBeVisible();
    await expect(editor.getByRole("banner").getByText("Eddie Editor")).toBeVisible();
    await editor.goto("/app/projects");
    await expect(projectLink(editor, projectName)).toBeVisible();

    // The link is single-use.
    await editor.goto(url.pathname + url.search);
    await expect(editor.getByRole("alert")).toContainText(MESSAGES.inviteInvalid);
  } finally {
    await context.close();
  }

  // The owner's team now lists the editor.
  await page.keyboard.press("Escape");
  await page.reload();
  const refreshed = await openTeam(page);
  await expect(refreshed.getByRole("listitem").filter({ hasText: "Eddie E." })).toContainText("Editor");
  await expect(refreshed.getByRole("listitem").filter({ hasText: "Eddie E." })).toContainText(editorEmail);
});

test("an invite to an address that has an account since asks for its password and joins", async ({ page }) => {
  const { owner, project } = await customerWithProject("owner-existing");
  const inviteeEmail = uniqueEmail("invitee");
  const result = await inviteToProject(owner.token, { projectId: project.id, email: inviteeEmail, role: "viewer" });
  expect(result.invitedExistingUser).toBe(false);
  const mail = await waitForMail(inviteeEmail, /invited you/);
  // The address signs up on its own before following the link.
  const invitee = await registerCustomer({ email: inviteeEmail, name: "Ines", surname: "Invitee" });

  const url = new URL(mail.links.find((candidate) => candidate.includes("inviteKey=")) as string);
  await page.goto(url.pathname + url.search);
  await expect(page.getByText(`invited you to join ${project.name} as Viewer`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Log in and join" })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveCount(0);
  await checkA11y(page);

  // A wrong password is refused and the user stays on the invite.
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Log in and join" }).click();
  await expect(page.getByRole("alert")).toContainText(MESSAGES.invalidLogin);
  await expect(page).toHaveURL(/\/app\/auth\/invite/);

  await page.getByLabel("Password", { exact: true }).fill(invitee.password);
  await page.getByRole("button", { name: "Log in and join" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/project/${project.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  const team = await openTeam(page);
  await expect(team.getByRole("listitem").filter({ hasText: "Ines I." })).toContainText("Viewer");
});
