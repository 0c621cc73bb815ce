import { MESSAGES } from "@atelier/shared";
import { E2E } from "./env.ts";
import {
  DEMO,
  expect,
  loginAs,
  loginThroughScreen,
  registerCustomer,
  submitLogin,
  test,
  uniqueEmail,
  waitForMail,
} from "./support.ts";

test.describe("open screens", () => {
  test("an unauthenticated deep link goes to login and returns there after login", async ({ page }) => {
    await page.goto("/app/users");
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle("Atelier - Log in");

    await submitLogin(page, DEMO.admin.email, E2E.demoPassword);
    await expect(page).toHaveURL(/\/app\/users$/);
    await expect(page).toHaveTitle("Atelier - Users");
  });

  test("a wrong password keeps the user on login with an error", async ({ page }) => {
    await page.goto("/app/auth/login");
    await submitLogin(page, DEMO.customer.email, "not-the-password");
    await expect(page.getByRole("alert")).toContainText(MESSAGES.invalidLogin);
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("signup lands a new customer on projects", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/app/auth/signup");
    await expect(page).toHaveTitle("Atelier - Sign up");
    await page.getByLabel("Name", { exact: true }).fill("Sam");
    await page.getByLabel("Surname").fill("Signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("signup-password-1");
    await page.getByRole("button", { name: "Sign up" }).click();

    await expect(page).toHaveURL(/\/app\/projects$/);
    await expect(page).toHaveTitle("Atelier - Projects");
    await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
    // A customer: no staff entries in the menu.
    await expect(page.getByRole("link", { name: "Schedule", exact: true })).toHaveCount(0);
  });

  test("signup refuses an e-mail that already has an account", async ({ page }) => {
    await page.goto("/app/auth/signup");
    await page.getByLabel("Name", { exact: true }).fill("Dup");
    await page.getByLabel("Surname").fill("Licate");
    await page.getByLabel("Email").fill(DEMO.customer.email);
    await page.getByLabel("Password", { exact: true }).fill("another-password-1");
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByText("A user with this e-mail already exists").first()).toBeVisible();
    await expect(page).toHaveURL(/\/app\/auth\/signup/);
  });

  test("password reset through the e-mailed link, then login with the new password", async ({ page }) => {
    const account = await registerCustomer({ email: uniqueEmail("reset"), password: "old-password-1" });
    const newPassword = "brand-new-password-2";

    await page.goto("/app/auth/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/reset$/);
    await expect(page).toHaveTitle("Atelier - Reset password");
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Check your inbox")).toBeVisible();

    const mail = await waitForMail(account.email, /reset/i);
    const link = mail.links.find((candidate) => candidate.includes("/app/auth/reset?"));
    expect(link, `reset link in ${JSON.stringify(mail.links)}`).toBeTruthy();
    const url = new URL(link as string);
    await page.goto(url.pathname + url.search);

    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    // Setting the password signs the customer in.
    await expect(page).toHaveURL(/\/app\/projects$/);
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login/);

    // The old password no longer works, the new one does.
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole("alert")).toContainText(MESSAGES.invalidLogin);
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/app\/projects$/);

    // The link was spent: opening it again shows it is not valid.
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("alert")).toContainText(MESSAGES.resetLinkInvalid);
  });

  test("an invite with an unknown key shows an invalid or expired state", async ({ page }) => {
    await page.goto("/app/auth/invite?inviteKey=no-such-invite-key-123456");
    await expect(page).toHaveTitle("Atelier - Invitation");
    await expect(page.getByRole("alert")).toContainText(MESSAGES.inviteInvalid);
    await expect(page.getByRole("link", { name: "Go to log in" })).toBeVisible();
  });
});

test.describe("session", () => {
  test("logout ends the session and revokes the token", async ({ page }) => {
    await loginThroughScreen(page, DEMO.projectManager.email);
    const token = await page.evaluate(() => window.localStorage.getItem("atelier.token"));
    expect(token).toBeTruthy();
    const before = await fetch(`${E2E.baseUrl}/auth/info`, { headers: { "Auth-Token": token as string } });
    expect(before.status).toBe(200);

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await expect(page.getByRole("heading", { name: "Log in", level: 1 })).toBeVisible();

    const after = await fetch(`${E2E.baseUrl}/auth/info`, { headers: { "Auth-Token": token as string } });
    expect(after.status).toBe(401);

    await page.reload();
    await expect(page).toHaveURL(/\/app\/auth\/login$/);
    await page.goto("/app/tasks");
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("a revoked token left in storage sends the user back to login", async ({ page }) => {
    await loginThroughScreen(page, DEMO.customer.email);
    const token = await page.evaluate(() => window.localStorage.getItem("atelier.token"));
    // End the session from elsewhere (as another tab's logout would), keeping the token stored here.
    const revoked = await fetch(`${E2E.baseUrl}/auth/logout`, { headers: { "Auth-Token": token as string } });
    expect(revoked.status).toBe(200);

    // The page's open event stream may notice the ended session first and send the page to login
    // itself, which aborts a reload already under way; either way it must end on login.
    await page.reload().catch((error: Error) => expect(error.message).toContain("ERR_ABORTED"));
    await expect(page).toHaveURL(/\/app\/auth\/login/);
    await expect(page.getByRole("button", { name: "Logout" })).toHaveCount(0);
  });

  test("/ goes to projects and /dashboard to tasks", async ({ page }) => {
    await loginAs(page, DEMO.admin.email);
    await page.goto("/");
    await expect(page).toHaveURL(/\/app\/projects$/);
    await expect(page).toHaveTitle("Atelier - Projects");
    await page.goto("/app/");
    await expect(page).toHaveURL(/\/app\/projects$/);
    await page.goto("/app/dashboard");
    await expect(page).toHaveURL(/\/app\/tasks$/);
    await expect(page).toHaveTitle("Atelier - Tasks");
  });
});
