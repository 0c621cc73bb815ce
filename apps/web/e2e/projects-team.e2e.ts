import { customerWithProject, inviteToProject, openProjectAs, openTeam } from "./projects-support.ts";
import { apiLogin, checkA11y, DEMO, expect, registerCustomer, test, toastWith, uniqueEmail } from "./support.ts";

test("a viewer sees the team without the designer's e-mail and with surnames as initials", async ({ page }) => {
  const { owner, project } = await customerWithProject("team-owner", { name: "Olga", surname: "Owner" });
  const viewer = await registerCustomer({ email: uniqueEmail("team-viewer"), name: "Vera", surname: "Viewer" });
  const editor = await registerCustomer({ email: uniqueEmail("team-editor"), name: "Emil", surname: "Editor" });
  await inviteToProject(owner.token, { projectId: project.id, email: viewer.email, role: "viewer" });
  await inviteToProject(owner.token, { projectId: project.id, email: editor.email, role: "editor" });
  const admin = await apiLogin(DEMO.admin.email);
  await inviteToProject(admin, { projectId: project.id, email: DEMO.designer.email, role: "designer" });
  await inviteToProject(admin, { projectId: project.id, email: DEMO.projectManager.email, role: "projectManager" });

  await openProjectAs(page, viewer, project);
  const team = await openTeam(page);
  const members = team.getByRole("listitem");
  await expect(members).toHaveCount(5);
  const row = (name: string) => members.filter({ hasText: name });

  // Owner, editor, the viewer themselves and the project manager: e-mail shown, surname as an initial.
  await expect(row("Olga O.")).toContainText(owner.email);
  await expect(row("Olga O.")).toContainText("Owner");
  await expect(row("Emil E.")).toContainText(editor.email);
  await expect(row("Vera V.")).toContainText(viewer.email);
  await expect(row("Vera V.")).toContainText("(you)");
  await expect(row(`${DEMO.projectManager.name} M.`)).toContainText(DEMO.projectManager.email);
  // The designer: name and initial only, no e-mail anywhere on the page.
  await expect(row(`${DEMO.designer.name} D.`)).toContainText("Designer");
  await expect(row(`${DEMO.designer.name} D.`)).not.toContainText("@");
  await expect(page.getByText(DEMO.designer.email)).toHaveCount(0);
  // No full surname reaches a customer (the header's own name is outside the dialog).
  for (const fullName of ["Olga Owner", "Emil Editor", "Vera Viewer", "Dana Designer", "Pat Manager"]) {
    await expect(team).not.toContainText(fullName);
  }
  const pageText = await page.locator("body").textContent();
  expect(pageText).not.toContain(DEMO.designer.email);
  // A viewer may neither invite nor remove anyone.
  await expect(team.getByRole("form", { name: "Invite to the project" })).toHaveCount(0);
  await expect(team.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(team.getByRole("button", { name: "Remove a member by e-mail" })).toHaveCount(0);
  await checkA11y(page);

  // The member view of the designer has no e-mail either; the owner's does.
  await team.getByRole("button", { name: `View ${DEMO.designer.name} D.` }).click();
  const member = page.getByRole("dialog", { name: "Team member" });
  await expect(member.getByText(`Designer on ${project.name}`)).toBeVisible();
  await expect(member.getByRole("link")).toHaveCount(0);
  await expect(member).not.toContainText("@");
  await checkA11y(page);
  await member.getByRole("button", { name: "Back to team" }).click();
  await page.getByRole("dialog", { name: "Team" }).getByRole("button", { name: "View Olga O." }).click();
  await expect(
    page.getByRole("dialog", { name: "Team member" }).getByRole("link", { name: owner.email }),
  ).toBeVisible();
  await expect(page.getByText(DEMO.designer.email)).toHaveCount(0);
});

test("the owner removes members with a confirmation and by e-mail", async ({ page }) => {
  const { owner, project } = await customerWithProject("remove-owner", { name: "Rita", surname: "Remover" });
  const editor = await registerCustomer({ email: uniqueEmail("remove-editor"), name: "Ralf", surname: "Removed" });
  const viewer = await registerCustomer({ email: uniqueEmail("remove-viewer"), name: "Vince", surname: "Gone" });
  await inviteToProject(owner.token, { projectId: project.id, email: editor.email, role: "editor" });
  await inviteToProject(owner.token, { projectId: project.id, email: viewer.email, role: "viewer" });

  await openProjectAs(page, owner, project);
  let team = await openTeam(page);
  await expect(team.getByRole("listitem")).toHaveCount(3);
  // Nobody removes themselves: the owner's row has no remove button.
  await expect(team.getByRole("button", { name: "Remove Rita R. from the project" })).toHaveCount(0);

  // Remove the editor from their row, after confirming.
  await team.getByRole("button", { name: "Remove Ralf R. from the project" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove from project" });
  await expect(confirm).toContainText(`Remove Ralf R. from ${project.name}?`);
  await checkA11y(page);
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toastWith(page, "User successfully removed from project")).toBeVisible();
  team = page.getByRole("dialog", { name: "Team" });
  await expect(team.getByRole("listitem")).toHaveCount(2);
  await expect(team.getByRole("listitem").filter({ hasText: "Ralf R." })).toHaveCount(0);

  // Remove the viewer by e-mail; an address nobody removable has is refused first.
  await team.getByRole("button", { name: "Remove a member by e-mail" }).click();
  const byEmail = page.getByRole("dialog", { name: "Remove a member by e-mail" });
  await byEmail.getByLabel("Email").fill(owner.email);
  await byEmail.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(byEmail.getByText("Nobody you may remove has this e-mail on the project")).toBeVisible();
  await checkA11y(page);
  await byEmail.getByLabel("Email").fill(viewer.email.toUpperCase());
  await byEmail.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(toastWith(page, "User successfully removed from project").first()).toBeVisible();
  team = page.getByRole("dialog", { name: "Team" });
  await expect(team.getByRole("listitem")).toHaveCount(1);
  await expect(team.getByRole("listitem")).toContainText("Rita R.");

  // The removal holds after a reload, and the removed editor no longer reaches the project.
  await page.keyboard.press("Escape");
  await page.reload();
  await expect((await openTeam(page)).getByRole("listitem")).toHaveCount(1);
  const editorToken = await apiLogin(editor.email, editor.password);
  const response = await fetch(`${new URL(page.url()).origin}/v3/project/get/${project.id}`, {
    headers: { "Auth-Token": editorToken },
  });
  expect(response.status).toBe(404);
});
