import { createOwnProject, customerWithProject, uniqueProjectName } from "./projects-support.ts";
import { apiLogin, DEMO, expect, loginAs, registerCustomer, test, uniqueEmail } from "./support.ts";
import { archiveTask, assignAndStart, cardTitles, choose, createTask, taskCards, taskPanel } from "./tasks-support.ts";

test("the staff dashboard: counts per status, filters, search, and one click to the task", async ({ page }) => {
  // "Aaa…" so the project is among the first names the project filter offers (A→Z).
  const owner = await registerCustomer({ email: uniqueEmail("task-dash") });
  const project = await createOwnProject(owner, uniqueProjectName("Aaa dashboard"));
  const admin = await apiLogin(DEMO.admin.email);
  const logo = await createTask(owner.token, project.id, "Dash logo sketch");
  await createTask(owner.token, project.id, "Dash banner layout");
  await createTask(owner.token, project.id, "Dash poster print");
  const old = await createTask(owner.token, project.id, "Dash old flyer");
  await assignAndStart(admin, logo);
  await archiveTask(owner.token, old);

  await loginAs(page, DEMO.projectManager.email);
  await expect(page).toHaveURL(/\/app\/tasks$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
  await choose(page, page, "Project", project.name);
  await expect.poll(() => cardTitles(page)).toHaveLength(3);
  const status = page.getByRole("radiogroup", { name: "Status" });
  await expect(status.getByText("All (3)")).toBeVisible();
  await expect(status.getByText("To do (2)")).toBeVisible();
  await expect(status.getByText("In progress (1)")).toBeVisible();

  await status.getByText("In progress (1)").click();
  await expect.poll(() => cardTitles(page)).toEqual(["Dash logo sketch"]);
  await status.getByText("All (3)").click();

  await page.getByRole("searchbox", { name: "Search tasks" }).fill("banner");
  await expect.poll(() => cardTitles(page)).toEqual(["Dash banner layout"]);
  await expect(status.getByText("All (1)")).toBeVisible();
  // Clearing the search and picking a designer at once: the debounced search lands after the pick
  // and must not drop it.
  await page.getByRole("searchbox", { name: "Search tasks" }).fill("");
  await choose(page, page, "Designer", `${DEMO.designer.name} ${DEMO.designer.surname}`);
  await expect.poll(() => cardTitles(page)).toEqual(["Dash logo sketch"]);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await choose(page, page, "Project", project.name);
  // The filters live in the address, so the switch follows one navigation later: click, then expect.
  const archivedSwitch = page.getByRole("switch", { name: "Archived tasks" });
  await archivedSwitch.click();
  await expect(archivedSwitch).toBeChecked();
  await expect.poll(() => cardTitles(page)).toEqual(["Dash old flyer"]);
  await archivedSwitch.click();
  await expect(archivedSwitch).not.toBeChecked();

  // The filters live in the address: a reload keeps them.
  await page.reload();
  await expect.poll(() => cardTitles(page)).toHaveLength(3);

  // One click opens the task's panel over its project.
  await taskCards(page).filter({ hasText: "Dash logo sketch" }).getByRole("link", { name: "Dash logo sketch" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/project/${project.id}/task/${logo.id}$`));
  await expect(taskPanel(page, "Dash logo sketch").getByText("In progress", { exact: true })).toBeVisible();
});

test("a designer's dashboard lists the tasks assigned to them; customers have no dashboard", async ({ page }) => {
  const { owner, project } = await customerWithProject("task-dash-designer");
  const admin = await apiLogin(DEMO.admin.email);
  const mine = await createTask(owner.token, project.id, "Assigned to Dana");
  await createTask(owner.token, project.id, "Nobody's yet");
  await assignAndStart(admin, mine);

  await loginAs(page, DEMO.designer.email);
  await page.goto("/app/tasks");
  // A designer's dashboard has no designer filter: it is theirs.
  await expect(page.getByRole("textbox", { name: "Designer" })).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Search tasks" }).fill("Assigned to Dana");
  await expect(taskCards(page).filter({ hasText: "Assigned to Dana" })).toHaveCount(1);
  await page.getByRole("searchbox", { name: "Search tasks" }).fill("Nobody's yet");
  await expect(page.getByText("No tasks match")).toBeVisible();

  const customer = await registerCustomer({ email: uniqueEmail("no-dashboard") });
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, customer.email, customer.password);
  await page.goto("/app/tasks");
  await expect(page.getByText("No access")).toBeVisible();
});
