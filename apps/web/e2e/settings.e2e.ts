import { MESSAGES } from "@atelier/shared";
import {
  callApi,
  checkA11y,
  expect,
  loginAs,
  registerCustomer,
  submitLogin,
  test,
  toastWith,
  uniqueEmail,
  waitForMail,
} from "./support.ts";

test("a user changes their password in Settings and logs in with the new one", async ({ page }) => {
  const account = await registerCustomer({ email: uniqueEmail("settings-password") });
  const newPassword = `new-${Date.now()}-secret`;
  await loginAs(page, account.email, account.password);
  await page.goto("/app/user/settings");
  await expect(page.getByRole("heading", { name: "Change password" })).toBeVisible();

  // The confirmation must match before anything is sent.
  await page.getByLabel("Current password").fill(account.password);
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(`${newPassword}-typo`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();

  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toastWith(page, "Your settings and password were saved")).toBeVisible();
  await expect(page.getByLabel("Current password")).toHaveValue("");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login/);
  // The old password no longer works, the new one does.
  await submitLogin(page, account.email, account.password);
  await expect(page.getByRole("alert")).toContainText(MESSAGES.invalidLogin);
  await expect(page).toHaveURL(/\/app\/auth\/login/);
  await page.getByLabel("Password", { exact: true }).fill(newPassword);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/app\/projects$/);
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a user turns the e-mail digest off in Settings; it stays off after reload", async ({ page }) => {
  const account = await registerCustomer({ email: uniqueEmail("settings-digest") });
  await loginAs(page, account.email, account.password);
  await page.goto("/app/user/settings");
  const digest = page.getByRole("switch", { name: "E-mail me a digest of unread notifications" });
  // Enabled once the saved setting has loaded: on by default.
  await expect(digest).toBeEnabled();
  await expect(digest).toBeChecked();
  await digest.click();
  await expect(toastWith(page, "E-mail digest turned off")).toBeVisible();

  await page.reload();
  await expect(digest).toBeEnabled();
  await expect(digest).not.toBeChecked();
  const saved = await callApi<{ emailDigest: boolean }>(account.token, "GET", "/v3/notification-settings");
  expect(saved.emailDigest).toBe(false);
});

test("a user changes their e-mail in Settings: it changes once the link sent to the new address is opened", async ({
  page,
}) => {
  const account = await registerCustomer({ email: uniqueEmail("settings-email") });
  const newEmail = uniqueEmail("settings-email-new");
  await loginAs(page, account.email, account.password);
  await page.goto("/app/user/settings");

  await page.getByLabel("Email", { exact: true }).fill(newEmail);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(MESSAGES.currentPasswordForEmail)).toBeVisible();
  await page.getByLabel("Current password").fill(account.password);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: MESSAGES.emailChangeSent(newEmail) })).toBeVisible();
  // Until the link is opened the old e-mail stays.
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(account.email);
  await waitForMail(account.email, /change of your .* e-mail was requested/);

  const mail = await waitForMail(newEmail, /Confirm your new/);
  const link = new URL(mail.links[0] ?? "");
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Your sign-in e-mail is now ${newEmail}` })).toBeVisible();
  await checkA11y(page);

  // A second press of the same link: it is spent.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(page.getByRole("alert")).toContainText("This e-mail confirmation link is invalid or has expired");
});
