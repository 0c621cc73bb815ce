import { createOwnProject, customerWithProject, projectLink, uniqueProjectName } from "./projects-support.ts";
import { callApi, expect, loginAs, test } from "./support.ts";

/** Issue 29, point 14: the projects tab lives in the address; an archived project offers no new task. */

test("the Active/Archived tab is in the address: reload and back/forward keep it", async ({ page }) => {
  const { owner, project } = await customerWithProject("tabs");
  const kept = await createOwnProject(owner, uniqueProjectName("tabs kept"));
  await callApi(owner.token, "POST", "/v3/project/changeState", { id: project.id, state: "archived" });
  await loginAs(page, owner.email, owner.password);
  await page.goto("/app/projects");
  const tabs = page.getByRole("radiogroup", { name: "Project state" });
  await expect(tabs.getByRole("radio", { name: "In progress" })).toBeChecked();
  await expect(projectLink(page, project.name)).toHaveCount(0);
  await expect(projectLink(page, kept.name)).toBeVisible();

  await tabs.getByText("Archived", { exact: true }).click();
  await expect(page).toHaveURL(/\/app\/projects\?state=archived$/);
  await expect(projectLink(page, project.name)).toBeVisible();
  await page.reload();
  await expect(tabs.getByRole("radio", { name: "Archived" })).toBeChecked();
  await expect(projectLink(page, project.name)).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(tabs.getByRole("radio", { name: "In progress" })).toBeChecked();
  await expect(projectLink(page, project.name)).toHaveCount(0);
  await page.goForward();
  await expect(tabs.getByRole("radio", { name: "Archived" })).toBeChecked();

  // An archived project offers no way to add a task; restored, it does again.
  await projectLink(page, project.name).click();
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  await expect(page.getByText("This project is archived. Restore it to add tasks.")).toBeVisible();
  await expect(page.getByRole("button", { name: "New task" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Add the first task" })).toHaveCount(0);
  await callApi(owner.token, "POST", "/v3/project/changeState", { id: project.id, state: "inProgress" });
  await page.reload();
  await expect(page.getByRole("button", { name: "New task" })).toBeVisible();
});
