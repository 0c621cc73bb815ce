import { customerWithProject, inviteToProject, openProjectAs } from "./projects-support.ts";
import { callApi, expect, registerCustomer, test, uniqueEmail } from "./support.ts";

test("a member taken off the team loses the project on screen at once", async ({ page }) => {
  const { owner, project } = await customerWithProject("removed-live");
  const editor = await registerCustomer({ email: uniqueEmail("removed-editor") });
  await inviteToProject(owner.token, { projectId: project.id, email: editor.email, role: "editor" });
  const streamOpen = page.waitForResponse((response) => /\/chat\/channel\/[^/]+\/stream/.test(response.url()));
  await openProjectAs(page, editor, project);
  await streamOpen;

  await callApi(owner.token, "DELETE", `/v3/project/${project.id}/user/${editor.user.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Project not found" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toHaveCount(0);
});
