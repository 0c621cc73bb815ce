import type { Page } from "@playwright/test";
import { E2E } from "./env.ts";
import { DEMO, type DemoRole, expect, HOME, submitLogin, test } from "./support.ts";

const TITLES: Record<string, string> = {
  "/app/tasks": "Tasks",
  "/app/schedule": "Schedule",
  "/app/projects": "Projects",
};

/** SPEC §2 header menu per role. */
const MENU: Record<DemoRole, { shown: string[]; hidden: string[]; usersMenu: boolean }> = {
  admin: { shown: ["Schedule", "Tasks", "Messages", "Projects", "Settings"], hidden: [], usersMenu: true },
  projectManager: { shown: ["Schedule", "Tasks", "Messages", "Projects", "Settings"], hidden: [], usersMenu: true },
  designer: { shown: ["Schedule", "Tasks", "Messages", "Projects", "Settings"], hidden: [], usersMenu: false },
  customer: { shown: ["Projects", "Settings"], hidden: ["Schedule", "Tasks", "Messages"], usersMenu: false },
};

/** A header menu link; Messages carries its unread count in its name ("Messages 3 unread") when there is one. */
function menuLink(page: Page, name: string) {
  return page.getByRole("banner").getByRole("link", { name: new RegExp(`^${name}( \\d+ unread)?$`) });
}

for (const role of Object.keys(DEMO) as DemoRole[]) {
  test(`${role} logs in, lands on ${HOME[role]} and sees the role's menu`, async ({ page }) => {
    await page.goto("/app/auth/login");
    await submitLogin(page, DEMO[role].email, E2E.demoPassword);
    await expect(page).toHaveURL(new RegExp(`${HOME[role]}$`));
    await expect(page).toHaveTitle(`Atelier - ${TITLES[HOME[role]]}`);
    await expect(page.getByRole("heading", { level: 1, name: TITLES[HOME[role]] })).toBeVisible();

    const menu = MENU[role];
    for (const name of menu.shown) await expect(menuLink(page, name)).toBeVisible();
    for (const name of menu.hidden) await expect(menuLink(page, name)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    // The logo leads to tasks for the team, to projects for customers.
    await expect(page.getByRole("banner").getByRole("link", { name: "Atelier", exact: true })).toHaveAttribute(
      "href",
      role === "customer" ? "/app/projects" : "/app/tasks",
    );
    // New Project sits on the tasks and projects routes for everyone but designers.
    await expect(page.getByRole("button", { name: "New Project" })).toHaveCount(role === "designer" ? 0 : 1);
    // The user block shows the name.
    await expect(page.getByRole("banner").getByText(`${DEMO[role].name} ${DEMO[role].surname}`)).toBeVisible();

    const usersMenu = page.getByRole("banner").getByRole("button", { name: "Users", exact: true });
    if (!menu.usersMenu) {
      await expect(usersMenu).toHaveCount(0);
      return;
    }
    await usersMenu.click();
    await expect(page.getByRole("menuitem", { name: "Users", exact: true })).toBeVisible();
    await page.getByRole("menuitem", { name: "Designers", exact: true }).click();
    await expect(page).toHaveURL(/\/app\/designers$/);
    await expect(page).toHaveTitle("Atelier - Designers");
    await usersMenu.click();
    await page.getByRole("menuitem", { name: "Users", exact: true }).click();
    await expect(page).toHaveURL(/\/app\/users$/);
    await expect(page).toHaveTitle("Atelier - Users");
  });
}

test("menu entries lead to their screens", async ({ page }) => {
  await page.goto("/app/auth/login");
  await submitLogin(page, DEMO.designer.email, E2E.demoPassword);
  await expect(page).toHaveURL(/\/app\/schedule$/);
  for (const [name, path] of [
    ["Tasks", "/app/tasks"],
    ["Messages", "/app/messages"],
    ["Projects", "/app/projects"],
    ["Settings", "/app/user/settings"],
    ["Schedule", "/app/schedule"],
  ] as const) {
    await menuLink(page, name).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`Atelier - ${name}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // A designer never gets New Project, not even on tasks or projects.
    await expect(page.getByRole("button", { name: "New Project" })).toHaveCount(0);
  }
});
