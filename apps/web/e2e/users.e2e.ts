import { MESSAGES } from "@atelier/shared";
import { DEMO, expect, loginAs, registerCustomer, submitLogin, TINY_PNG, test, uniqueEmail } from "./support.ts";

test("admin adds a designer who then logs in and lands on the schedule", async ({ page, browser }) => {
  const email = uniqueEmail("designer");
  const password = "designer-password-1";
  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/users");
  await expect(page).toHaveTitle("Atelier - Users");

  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add user" });
  await expect(dialog).toBeVisible();
  const add = dialog.getByRole("button", { name: "Add", exact: true });
  await dialog.getByLabel("Name", { exact: true }).fill("Dora");
  await dialog.getByLabel("Surname").fill("Drafter");
  await dialog.getByLabel("Email").fill(email);
  // SPEC §5: Add stays disabled while no password is given.
  await expect(add).toBeDisabled();
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  // SPEC §5: an admin picks the role, designer or project manager.
  await dialog.getByLabel("Role", { exact: true }).click();
  await expect(page.getByRole("option", { name: "Project Manager" })).toBeVisible();
  await page.getByRole("option", { name: "Designer", exact: true }).click();
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Designer");

  // The designer also appears on the designers list.
  await page.goto("/app/designers");
  await expect(page).toHaveTitle("Atelier - Designers");
  await expect(page.getByRole("cell", { name: email })).toBeVisible();

  const context = await browser.newContext();
  try {
    const designerPage = await context.newPage();
    await designerPage.goto("/app/auth/login");
    await submitLogin(designerPage, email, password);
    await expect(designerPage).toHaveURL(/\/app\/schedule$/);
    await expect(designerPage).toHaveTitle("Atelier - Schedule");
    await expect(designerPage.getByRole("button", { name: "Logout" })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("a customer cannot open the users screen", async ({ page }) => {
  await loginAs(page, DEMO.customer.email);
  await page.goto("/app/users");
  await expect(page.getByText("Your account does not have access to this page.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add User" })).toHaveCount(0);
});

test("an uploaded avatar shows in the header", async ({ page }) => {
  const account = await registerCustomer({ email: uniqueEmail("avatar"), name: "Ava", surname: "Tar" });
  await loginAs(page, account.email, account.password);
  await page.goto("/app/user/settings");
  await expect(page).toHaveTitle("Atelier - Settings");

  const headerAvatar = page.getByRole("banner").getByRole("img", { name: "Avatar of Ava Tar" });
  await expect(headerAvatar).toBeVisible();
  await expect(headerAvatar).not.toHaveAttribute("src", /\/serve\/s\//);

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("group", { name: "Avatar", exact: true }).getByRole("button", { name: "Choose image" }).click();
  await (await chooser).setFiles({ name: "avatar.png", mimeType: "image/png", buffer: TINY_PNG });
  // The form's preview shows the uploaded image once the upload is done; the header waits for Save.
  await expect(page.getByRole("main").getByRole("img", { name: "Avatar of Ava Tar" })).toHaveAttribute(
    "src",
    /\/serve\/s\//,
  );
  await page.getByRole("button", { name: "Save" }).first().click();

  await expect(headerAvatar).toHaveAttribute("src", /\/serve\/s\//);
  // The image really is served.
  const src = (await headerAvatar.getAttribute("src")) as string;
  const served = await page.request.get(src);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\//);

  // And it survives a reload (it was saved on the profile, not only shown).
  await page.reload();
  await expect(page.getByRole("banner").getByRole("img", { name: "Avatar of Ava Tar" })).toHaveAttribute(
    "src",
    /\/serve\/s\//,
  );
});

test("a project manager cannot edit or remove a customer; an admin removes them, who can no longer log in", async ({
  page,
  browser,
}) => {
  const account = await registerCustomer({ email: uniqueEmail("removed"), name: "Rory", surname: "Renamed" });
  // Issue point 4: user management never reaches a customer's account (its sign-in e-mail above all).
  await loginAs(page, DEMO.projectManager.email);
  await page.goto("/app/users");
  await expect(page.getByRole("row").filter({ hasText: account.email })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit Rory Renamed" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove Rory Renamed" })).toHaveCount(0);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login/);

  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/users");
  await expect(page.getByRole("button", { name: "Edit Rory Renamed" })).toHaveCount(0);
  await page.getByRole("button", { name: "Remove Rory Renamed" }).first().click();
  const confirm = page.getByRole("dialog", { name: "Remove user" });
  await expect(confirm).toContainText(account.email);
  await confirm.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: account.email })).toHaveCount(0);

  // The removed account's session is gone and its password no longer opens the app.
  const info = await page.request.get("/auth/info", { headers: { "Auth-Token": account.token } });
  expect(info.status()).toBe(401);
  const context = await browser.newContext();
  try {
    const fresh = await context.newPage();
    await fresh.goto("/app/auth/login");
    await submitLogin(fresh, account.email, account.password);
    await expect(fresh.getByRole("alert")).toContainText(MESSAGES.invalidLogin);
    await expect(fresh).toHaveURL(/\/app\/auth\/login/);
    await expect(fresh.getByRole("button", { name: "Logout" })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
