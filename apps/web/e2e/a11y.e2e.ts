import { E2E } from "./env.ts";
import { checkA11y, DEMO, expect, loginAs, registerCustomer, test, uniqueEmail, waitForMail } from "./support.ts";

test.describe("accessibility of the open screens", () => {
  test("login", async ({ page }) => {
    await page.goto("/app/auth/login");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    await checkA11y(page);
    // Errors shown after an empty submit are announced and labelled too.
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await checkA11y(page);
  });

  test("signup", async ({ page }) => {
    await page.goto("/app/auth/signup");
    await expect(page.getByRole("button", { name: "Sign up" })).toBeVisible();
    await checkA11y(page);
  });

  test("reset: request, sent, link and spent-link modes", async ({ page }) => {
    await page.goto("/app/auth/reset");
    await expect(page.getByRole("button", { name: "Send reset link" })).toBeVisible();
    await checkA11y(page);

    const account = await registerCustomer({ email: uniqueEmail("a11y-reset") });
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Check your inbox")).toBeVisible();
    await checkA11y(page);

    const mail = await waitForMail(account.email, /reset/i);
    const url = new URL(mail.links[0] as string);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("button", { name: "Set new password" })).toBeVisible();
    await checkA11y(page);

    await page.goto(`/app/auth/reset?email=${encodeURIComponent(account.email)}&token=wrong-token`);
    await expect(page.getByRole("alert")).toContainText(/invalid or has expired/);
    await checkA11y(page);
  });

  test("invite", async ({ page }) => {
    await page.goto("/app/auth/invite?inviteKey=unknown-key");
    await expect(page.getByRole("alert")).toBeVisible();
    await checkA11y(page);
  });

  test("onboard", async ({ page }) => {
    await page.goto("/app/onboard");
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    await checkA11y(page);
    // A setup link that is not (or no longer) valid.
    await page.goto("/app/onboard?setup=not-a-setup-key");
    await expect(page.getByRole("alert")).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("accessibility of the signed-in screens", () => {
  test("admin: users with the add-user dialog, designers, tasks, projects", async ({ page }) => {
    await loginAs(page, DEMO.admin.email);
    await expect(page).toHaveURL(/\/app\/tasks$/);
    await checkA11y(page);

    await page.goto("/app/users");
    await expect(page.getByRole("table")).toBeVisible();
    await checkA11y(page);
    await page.getByRole("button", { name: "Add User" }).click();
    await expect(page.getByRole("dialog", { name: "Add user" })).toBeVisible();
    await checkA11y(page);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/app/designers");
    await expect(page.getByRole("table")).toBeVisible();
    await checkA11y(page);

    await page.goto("/app/projects");
    await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    await checkA11y(page);
  });

  test("designer: schedule, messages, settings", async ({ page }) => {
    await loginAs(page, DEMO.designer.email);
    await expect(page).toHaveURL(/\/app\/schedule$/);
    await expect(page.getByRole("heading", { name: "Schedule", level: 1 })).toBeVisible();
    await checkA11y(page);

    await page.goto("/app/messages");
    await expect(page.getByRole("heading", { name: "Messages", level: 1 })).toBeVisible();
    await checkA11y(page);

    await page.goto("/app/user/settings");
    await expect(page.getByRole("heading", { name: "Settings", level: 1 })).toBeVisible();
    await checkA11y(page);
  });

  test("a new customer's empty projects screen", async ({ page }) => {
    const account = await registerCustomer({ email: uniqueEmail("a11y-empty") });
    await loginAs(page, account.email, account.password);
    await expect(page).toHaveURL(/\/app\/projects$/);
    await expect(page.getByRole("heading", { name: "Projects", level: 1 })).toBeVisible();
    await checkA11y(page);
  });
});

test.describe("accessibility at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("login", async ({ page }) => {
    await page.goto("/app/auth/login");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
    await checkA11y(page);
  });

  test("signed-in screen with the burger menu", async ({ page }) => {
    await page.goto("/app/auth/login");
    await page.getByLabel("Email").fill(DEMO.projectManager.email);
    await page.getByLabel("Password", { exact: true }).fill(E2E.demoPassword);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/app\/tasks$/);
    await expect(page.getByRole("heading", { name: "Tasks", level: 1 })).toBeVisible();

    // The menu is folded away behind the burger until it is opened.
    const projects = page.getByRole("link", { name: "Projects", exact: true });
    await expect(projects).toBeHidden();
    await checkA11y(page);
    const burger = page.getByRole("banner").getByRole("button", { name: /^(Open|Close) menu$/ });
    await expect(burger).toHaveAccessibleName("Open menu");
    await expect(burger).toHaveAttribute("aria-expanded", "false");
    await burger.click();
    await expect(burger).toHaveAttribute("aria-expanded", "true");
    await expect(burger).toHaveAccessibleName("Close menu");
    await expect(projects).toBeVisible();
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    await checkA11y(page);

    await projects.click();
    await expect(page).toHaveURL(/\/app\/projects$/);

    // Add User is a page button on small screens.
    await page.goto("/app/users");
    await expect(page.getByRole("button", { name: "Add User" })).toBeVisible();
    await checkA11y(page);
  });
});
