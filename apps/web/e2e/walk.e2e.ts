import type { FileChooser, Locator, Page } from "@playwright/test";
import { E2E } from "./env.ts";
import { customerWithProject, openProjectAs, openTeam } from "./projects-support.ts";
import {
  checkA11y,
  DEMO,
  expect,
  HOME,
  loginAs,
  registerCustomer,
  submitLogin,
  TINY_PNG,
  test,
  toastWith,
  uniqueEmail,
} from "./support.ts";

/** A new user's walk (issue 6): focus, redirects, the phone menu, toasts, the avatar picker, onboarding. */

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("element has no box");
  return box;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe("focus", () => {
  test("the login page opens with the e-mail field focused", async ({ page }) => {
    await page.goto("/app/auth/login");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(DEMO.customer.email);
    await expect(page.getByLabel("Email")).toHaveValue(DEMO.customer.email);
  });

  test("closing a dialog returns focus to the button that opened it, also after a chain of dialogs", async ({
    page,
  }) => {
    const { owner, project } = await customerWithProject("focus-owner", { name: "Fay", surname: "Focus" });
    await openProjectAs(page, owner, project);
    const teamButton = page.getByRole("button", { name: "Team", exact: true });

    await openTeam(page);
    // The page behind the dialog is inert: its buttons are out of reach.
    await expect(page.getByRole("main")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Team" })).toBeHidden();
    await expect(teamButton).toBeFocused();

    // Team → a member's view → back to the team → close: focus lands on Team again.
    const team = await openTeam(page);
    await team.getByRole("button", { name: "View Fay F." }).click();
    const member = page.getByRole("dialog", { name: "Team member" });
    await member.getByRole("button", { name: "Back to team" }).click();
    await page.getByRole("dialog", { name: "Team" }).getByRole("button", { name: "Close dialog" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(teamButton).toBeFocused();

    // Keyboard only: Enter opens Settings, Escape closes it, focus is back on Settings.
    const settingsButton = page.getByRole("button", { name: "Settings", exact: true });
    await settingsButton.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Project settings" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(settingsButton).toBeFocused();
  });
});

test.describe("signed-in visits to login and signup", () => {
  for (const role of ["customer", "designer", "projectManager"] as const) {
    test(`a signed-in ${role} goes to their landing route`, async ({ page }) => {
      await loginAs(page, DEMO[role].email);
      await page.goto("/app/auth/login");
      await expect(page).toHaveURL(new RegExp(`${HOME[role]}$`));
      await expect(page.getByRole("button", { name: "Log in" })).toHaveCount(0);
      await page.goto("/app/auth/signup");
      await expect(page).toHaveURL(new RegExp(`${HOME[role]}$`));
      await expect(page.getByRole("button", { name: "Sign up" })).toHaveCount(0);
    });
  }

  test("a deep link carried by the login page is followed", async ({ page }) => {
    await loginAs(page, DEMO.customer.email);
    await page.goto(`/app/auth/login?next=${encodeURIComponent("/user/settings")}`);
    await expect(page).toHaveURL(/\/app\/user\/settings$/);
  });
});

test.describe("phone menu", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("Escape closes the burger menu and puts focus back on its button", async ({ page }) => {
    // On a phone Logout sits in the closed menu: the landing heading says the login worked.
    await page.goto("/app/auth/login");
    await submitLogin(page, DEMO.projectManager.email, E2E.demoPassword);
    await expect(page.getByRole("heading", { level: 1, name: "Tasks" })).toBeVisible();
    const burger = page.getByRole("button", { name: "Open menu" });
    await burger.click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Projects", exact: true })).toBeVisible();
    await menu.getByRole("link", { name: "Projects", exact: true }).focus();
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("link", { name: "Projects", exact: true })).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

    // Escape on the burger itself closes it too.
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("button", { name: "Close menu" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("the onboarding stepper fits a 375 px phone without horizontal scroll", async ({ page }) => {
    await page.goto("/app/onboard");
    await expect(page.getByRole("heading", { name: "Welcome", level: 1 })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await checkA11y(page);
    await page.getByLabel("First name").fill("Pia");
    await page.getByLabel("Last name").fill("Phone");
    await page.getByLabel("Email").fill(uniqueEmail("phone"));
    await page.getByLabel("Password", { exact: true }).fill("phone-password-1");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByLabel("Street address")).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    // The three steps stay on one line, each label inside the viewport.
    const tops = new Set<number>();
    for (const name of ["Account", "Company", "Project"]) {
      const box = await boxOf(page.getByText(name, { exact: true }).first());
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      tops.add(Math.round(box.y));
    }
    expect(tops.size).toBe(1);
    await checkA11y(page);
  });
});

test("toasts appear away from the header's user block and Logout", async ({ page }) => {
  const account = await registerCustomer({ email: uniqueEmail("toast"), name: "Tia", surname: "Toast" });
  await loginAs(page, account.email, account.password);
  await page.goto("/app/user/settings");
  await page.getByLabel("Name", { exact: true }).fill("Tina");
  await page.getByRole("button", { name: "Save" }).click();
  const toast = toastWith(page, "Your settings were saved");
  await expect(toast).toBeVisible();
  const header = page.getByRole("banner");
  const toastBox = await boxOf(toast);
  expect(overlaps(toastBox, await boxOf(header.getByRole("button", { name: "Logout" })))).toBe(false);
  expect(overlaps(toastBox, await boxOf(header.getByRole("link", { name: /Tina Toast/ })))).toBe(false);
  expect(overlaps(toastBox, await boxOf(header))).toBe(false);
});

test("the avatar picker previews the chosen image and is driven by its buttons", async ({ page }) => {
  const account = await registerCustomer({ email: uniqueEmail("picker"), name: "Pim", surname: "Picker" });
  await loginAs(page, account.email, account.password);
  await page.goto("/app/user/settings");
  const picker = page.getByRole("group", { name: "Avatar", exact: true });
  await expect(picker).toContainText("No image yet");
  const preview = picker.getByRole("img", { name: "Avatar of Pim Picker" });
  await expect(preview).not.toHaveAttribute("src", /\/serve\/s\//);
  // Only images are offered by the browser's chooser.
  await expect(page.locator('input[type="file"]')).toHaveAttribute("accept", "image/*");
  await expect(page.locator('input[type="file"]')).toBeHidden();

  // Keyboard: focus the button, Enter opens the chooser.
  const choose = picker.getByRole("button", { name: "Choose image" });
  // The settings screen's other sections load after the picker and may take the focus on a busy
  // machine: focus and Enter again until the chooser opens (one press is what a user does).
  let chooser: FileChooser | undefined;
  await expect(async () => {
    await choose.focus();
    const opened = page.waitForEvent("filechooser", { timeout: 3_000 });
    await page.keyboard.press("Enter");
    chooser = await opened;
  }).toPass({ timeout: 20_000 });
  await chooser?.setFiles({ name: "avatar.png", mimeType: "image/png", buffer: TINY_PNG });
  await expect(preview).toHaveAttribute("src", /\/serve\/s\//);
  await expect(picker.getByRole("button", { name: "Change image" })).toBeVisible();
  await checkA11y(page);

  // Remove takes the image away again (until saved, the header keeps the old one).
  await picker.getByRole("button", { name: "Remove image" }).click();
  await expect(preview).not.toHaveAttribute("src", /\/serve\/s\//);
  await expect(picker.getByRole("button", { name: "Choose image" })).toBeVisible();
});

test("a project manager's Add User dialog says the new user is a designer", async ({ page }) => {
  const email = uniqueEmail("pm-added");
  await loginAs(page, DEMO.projectManager.email);
  await page.goto("/app/users");
  const addUser = page.getByRole("button", { name: "Add User" });
  await addUser.click();
  const dialog = page.getByRole("dialog", { name: "Add user" });
  const role = dialog.getByRole("textbox", { name: "Role" });
  await expect(role).toHaveValue("Designer");
  await expect(role).toHaveAttribute("readonly", "");
  await expect(dialog.getByText("Only an admin adds project managers.")).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Role" })).toHaveCount(0);
  await expect(dialog.getByRole("group", { name: "Avatar", exact: true })).toBeVisible();
  await checkA11y(page);

  await dialog.getByLabel("Name", { exact: true }).fill("Pete");
  await dialog.getByLabel("Surname").fill("Added");
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill("pm-added-password");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Designer");
  await expect(addUser).toBeFocused();
});

test("a refused form shows one message: inline, with no toast saying the same", async ({ page }) => {
  await loginAs(page, DEMO.projectManager.email);
  await page.goto("/app/users");
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add user" });
  await dialog.getByLabel("Name", { exact: true }).fill("Dup");
  await dialog.getByLabel("Surname").fill("Licate");
  // The demo designer's address is taken: the server refuses it at the e-mail field.
  await dialog.getByLabel("Email").fill(DEMO.designer.email);
  await dialog.getByLabel("Password", { exact: true }).fill("duplicate-password");
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[data-toast]")).toHaveCount(0);
  await expect(dialog.getByRole("alert")).toHaveCount(0);
});
