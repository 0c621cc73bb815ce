import type { Page } from "@playwright/test";
import { expectLayoutFits } from "./layout-support.ts";
import { customerWithProject, openTeam } from "./projects-support.ts";
import { apiLogin, callApi, DEMO, expect, sha256, test, toastWith, uniqueEmail } from "./support.ts";
import { createTask, signIn } from "./tasks-support.ts";

/**
 * Issue 29 point 19: with thousands of accounts the lists and pickers cannot hold them all, so
 * the server searches by name and e-mail (`q`), for the Users and Designers lists, the invite
 * form's account picker and the dashboard's designer filter, on a 390 px phone.
 */

test.use({ viewport: { width: 390, height: 844 } });

/** A designer no other journey knows, with a surname to search for. */
async function newSearchableDesigner() {
  const admin = await apiLogin(DEMO.admin.email);
  const surname = `Findme${Date.now().toString(36)}`;
  const person = { name: "Quinn", surname, email: uniqueEmail("searchable") };
  await callApi(admin, "POST", "/user", { ...person, password: sha256(`pw-${surname}`), role: "designer" });
  return person;
}

/** The next GET /user/list carrying `q` (the server, not the browser, does the searching). */
function searchRequest(page: Page, q: string) {
  return page.waitForRequest((request) => {
    const url = new URL(request.url());
    return url.pathname === "/user/list" && url.searchParams.get("q") === q;
  });
}

test("staff find an account by name or e-mail in the lists and the pickers", async ({ page }) => {
  const designer = await newSearchableDesigner();
  const { owner, project } = await customerWithProject("search-picker");
  const task = await createTask(owner.token, project.id, "Search picker task");
  await signIn(page, DEMO.projectManager.email);

  // Users: the search box narrows the list on the server; nothing found says so.
  await page.goto("/app/users");
  const search = page.getByRole("searchbox", { name: "Search users" });
  const asked = searchRequest(page, designer.surname.toLowerCase());
  await search.fill(designer.surname.toLowerCase());
  await asked;
  const cards = page.getByRole("list", { name: "Users" }).getByRole("listitem");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(designer.email);
  await expectLayoutFits(page, "/users searched");
  await search.fill("nobody-is-called-this");
  await expect(page.getByRole("heading", { name: "No matches" })).toBeVisible();

  // Designers: by e-mail.
  await page.goto("/app/designers");
  await page.getByRole("searchbox", { name: "Search designers" }).fill(designer.email);
  const designerCards = page.getByRole("list", { name: "Designers" }).getByRole("listitem");
  await expect(designerCards).toHaveCount(1);
  await expect(designerCards.first()).toContainText(`${designer.name} ${designer.surname}`);

  // The invite form's account picker asks the server with what is typed.
  await page.goto(`/app/project/${project.id}`);
  const team = await openTeam(page);
  const email = team.getByRole("combobox", { name: "Email" });
  const picked = searchRequest(page, `${designer.name} ${designer.surname.slice(0, 8)}`);
  await email.fill(`${designer.name} ${designer.surname.slice(0, 8)}`);
  await picked;
  const option = page.getByRole("option", { name: new RegExp(designer.surname) });
  await expect(option).toBeVisible();
  await expectLayoutFits(page, "the invite picker");
  await option.click();
  await expect(email).toHaveValue(designer.email);
  await page.keyboard.press("Escape");

  // The assign dialog offers the team and the first others; a search reaches any designer.
  await page.goto(`/app/project/${project.id}/task/${task.id}`);
  await page.getByRole("dialog", { name: task.title }).getByRole("button", { name: "Assign designer" }).click();
  const assign = page.getByRole("dialog", { name: "Assign designer" });
  const found = page.waitForRequest((request) => new URL(request.url()).searchParams.get("q") === designer.email);
  await assign.getByRole("searchbox", { name: "Search designers" }).fill(designer.email);
  await found;
  // A project manager sees surnames as their initial (SPEC §6).
  const shown = `${designer.name} ${designer.surname.charAt(0)}.`;
  const radio = assign.getByRole("radio", { name: new RegExp(`^Avatar of ${shown} ${shown}`) });
  await expect(radio).toBeVisible();
  await expect(assign.getByRole("radio")).toHaveCount(1);
  await expectLayoutFits(page, "the assign dialog searched");
  await radio.check();
  await assign.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(toastWith(page, `${shown} is assigned to the task`)).toBeVisible();

  // The task dashboard's designer filter too.
  await page.goto("/app/tasks");
  const filter = page.getByRole("textbox", { name: "Designer" }).or(page.getByRole("combobox", { name: "Designer" }));
  const filtered = searchRequest(page, designer.surname);
  await filter.first().fill(designer.surname);
  await filtered;
  await page.getByRole("option", { name: `${designer.name} ${designer.surname}` }).click();
  await expect(filter.first()).toHaveValue(`${designer.name} ${designer.surname}`);
});
