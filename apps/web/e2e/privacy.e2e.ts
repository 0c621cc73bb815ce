import type { TaskDesigns } from "@atelier/shared";
import { generate } from "otplib";
import { colourPng, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { customerWithProject, inviteToProject, openTeam } from "./projects-support.ts";
import {
  apiLogin,
  callApi,
  checkA11y,
  DEMO,
  expect,
  loginAs,
  loginThroughScreen,
  registerCustomer,
  sha256,
  submitLogin,
  test,
  uniqueEmail,
  waitForMail,
} from "./support.ts";
import { assignAndStart, createTask, taskPanel } from "./tasks-support.ts";

test("a customer removes all their information, is signed out, and she and her comment show as Deleted user to the project manager", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const { owner, project } = await customerWithProject("gdpr-owner", { name: "Gwen", surname: "Gone" });
  const admin = await apiLogin(DEMO.admin.email);
  await inviteToProject(admin, { projectId: project.id, email: DEMO.projectManager.email, role: "projectManager" });
  // Her comment on a delivered design: the work stays after she is gone.
  const title = `Gone brief ${Date.now().toString(36)}`;
  const task = await createTask(owner.token, project.id, title);
  await assignAndStart(admin, task);
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "cover.png", await colourPng(200, 80, 40));
  const designs = await callApi<TaskDesigns>(designerToken, "POST", "/v3/project/task/addDesign", {
    projectId: project.id,
    taskId: task.id,
    addedDesignsFileKeys: [key],
  });
  await callApi(owner.token, "POST", "/v3/project/task/comment", {
    projectId: project.id,
    taskId: task.id,
    designerFileUuid: designs.designerFileList[0]?.uuid,
    comment: "Make the logo bigger.",
  });

  await loginAs(page, owner.email, owner.password);
  await page.goto("/app/user/settings");
  await page.getByRole("button", { name: "Remove all my information" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove all my information" });
  await expect(dialog.getByText("Deleted user")).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole("button", { name: "Remove everything" }).click();
  await expect(dialog.getByRole("status")).toHaveText("All your information was removed. Signing you out…");
  // Signed out after SPEC's 2000 ms.
  await expect(page).toHaveURL(/\/app\/auth\/login$/, { timeout: 5000 });
  await submitLogin(page, owner.email, owner.password);
  await expect(page.getByRole("alert")).toContainText("Wrong e-mail or password");

  const pmContext = await browser.newContext();
  const pmPage = await pmContext.newPage();
  await loginAs(pmPage, DEMO.projectManager.email);
  await pmPage.goto(`/app/project/${project.id}`);
  await expect(pmPage.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  const team = await openTeam(pmPage);
  await expect(team.getByRole("listitem").filter({ hasText: "Deleted user" })).toContainText("Owner");
  await expect(team).not.toContainText("Gwen");
  await expect(team).not.toContainText(owner.email);
  await pmPage.keyboard.press("Escape");

  await pmPage.goto(`/app/project/${project.id}/task/${task.id}`);
  await thumbnails(taskPanel(pmPage, title)).first().click();
  const thread = viewer(pmPage, "cover.png").getByRole("listitem", { name: "Comment 1" });
  await expect(thread).toContainText("Make the logo bigger.");
  await expect(thread).toContainText("Deleted user");
  await expect(thread).not.toContainText("Gwen");
  await pmContext.close();
});

test("removal is refused with its reason (Error: …) for the platform's last admin, who stays signed in", async ({
  page,
}) => {
  // The demo workspace has one admin.
  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/user/settings");
  await page.getByRole("button", { name: "Remove all my information" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove all my information" });
  await dialog.getByRole("button", { name: "Remove everything" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/^Error: You are the platform's last admin\./);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Logout" })).toBeVisible();
});

test("a designer turns on two-factor sign-in and signs in with a code", async ({ page }) => {
  const admin = await apiLogin(DEMO.admin.email);
  const designer = { email: uniqueEmail("twofa-designer"), password: `pw-${Date.now()}-secret` };
  await callApi(admin, "POST", "/user", {
    name: "Tova",
    surname: "Factor",
    email: designer.email,
    password: sha256(designer.password),
    role: "designer",
  });

  await loginAs(page, designer.email, designer.password);
  await page.goto("/app/user/settings");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Turn on two-factor sign-in" });
  await expect(dialog.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await checkA11y(page);
  const secret = (await dialog.getByTestId("two-factor-secret").textContent()) ?? "";
  await dialog
    .getByLabel("2. Enter the 6-digit code it shows")
    .fill("000000" === (await generate({ secret })) ? "111111" : "000000");
  await dialog.getByRole("button", { name: "Turn on" }).click();
  await expect(dialog.getByText("This code is wrong or was already used")).toBeVisible();
  await dialog.getByLabel("2. Enter the 6-digit code it shows").fill(await generate({ secret }));
  await dialog.getByRole("button", { name: "Turn on" }).click();

  const codes = page.getByRole("dialog", { name: "Save your recovery codes" });
  await expect(codes.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await checkA11y(page);
  await codes.getByRole("button", { name: "I saved them" }).click();
  await expect(page.getByRole("region", { name: "Two-factor sign-in" }).getByText("On", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/app\/auth\/login/);
  await submitLogin(page, designer.email, designer.password);
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeFocused();
  // The code that turned it on is spent: the next time step's code signs in.
  await codeField.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/schedule$/);

  await page.goto("/app/user/settings");
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByRole("dialog", { name: "Turn off two-factor sign-in" })).toBeVisible();
  await checkA11y(page);
});

test("with two-factor sign-in on, the reset link sets the password and then asks for the code", async ({ page }) => {
  const account = await registerCustomer({ email: uniqueEmail("reset-twofa") });
  const setup = await callApi<{ secret: string }>(account.token, "POST", "/profile/twoFactor/setup");
  await callApi(account.token, "POST", "/profile/twoFactor/enable", { code: await generate({ secret: setup.secret }) });

  await page.goto("/app/auth/reset");
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  const mail = await waitForMail(account.email, /reset/i);
  const link = new URL(mail.links.find((candidate) => candidate.includes("/app/auth/reset?")) ?? "");
  await page.goto(link.pathname + link.search);
  const newPassword = `pw-${Date.now()}-renewed`;
  await page.getByLabel("New password", { exact: true }).fill(newPassword);
  await page.getByLabel("Confirm new password").fill(newPassword);
  await page.getByRole("button", { name: "Set new password" }).click();

  // No session yet: the code step, as at login.
  const codeField = page.getByLabel("Authentication code");
  await expect(codeField).toBeFocused();
  await checkA11y(page);
  await codeField.fill(await generate({ secret: setup.secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/app\/projects$/);
});

test("a person exports their data and downloads the zip; their devices are listed", async ({ page }) => {
  const person = await registerCustomer({ email: uniqueEmail("export"), name: "Ezra", surname: "Export" });
  // Through the screen: the devices list names this browser's own session.
  await loginThroughScreen(page, person.email, person.password);
  await page.goto("/app/user/settings");
  const devices = page.getByRole("list", { name: "Signed-in devices" });
  await expect(devices.getByRole("listitem").filter({ hasText: "This device" })).toContainText("Chrome");

  await page.getByRole("button", { name: "Export my data" }).click();
  const link = page.getByRole("link", { name: "Download zip" });
  await expect(link).toBeVisible({ timeout: 15_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^Atelier-data-\d{4}-\d{2}-\d{2}\.zip$/);
  await checkA11y(page);
});

test("staff open a designer's info from the designers screen: shots or an empty state", async ({ page }) => {
  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/designers");
  await page
    .getByRole("button", { name: `Info about ${DEMO.designer.name} ${DEMO.designer.surname}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "User info" });
  // No portfolio service is configured for the browser tests: the empty state shows.
  await expect(dialog.getByText("No portfolio shots to show.")).toBeVisible();
  await checkA11y(page);
});

test("an admin resets the two-factor sign-in of a designer who lost their device", async ({ page }) => {
  const admin = await apiLogin(DEMO.admin.email);
  const designer = { email: uniqueEmail("lost-device"), password: `pw-${Date.now()}-secret` };
  await callApi(admin, "POST", "/user", {
    name: "Lorna",
    surname: "Lost",
    email: designer.email,
    password: sha256(designer.password),
    role: "designer",
  });
  const token = await apiLogin(designer.email, designer.password);
  const setup = await callApi<{ secret: string }>(token, "POST", "/profile/twoFactor/setup");
  await callApi(token, "POST", "/profile/twoFactor/enable", { code: await generate({ secret: setup.secret }) });
  // With 2FA on, the password alone answers a challenge, not a session.
  expect(await apiLogin(designer.email, designer.password)).toBeUndefined();

  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/designers");
  await page.getByRole("button", { name: "Reset 2FA of Lorna Lost" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Reset two-factor sign-in" });
  // axe looks once the dialog has drawn its title: a lazy dialog is briefly a section with no name.
  await expect(dialog).toBeVisible();
  await checkA11y(page);
  await dialog.getByRole("button", { name: "Reset" }).click();
  await expect(
    page.locator("[data-toast]").filter({ hasText: "Two-factor sign-in of Lorna Lost was reset" }),
  ).toBeVisible();
  // The password alone signs in again.
  expect(await apiLogin(designer.email, designer.password)).toEqual(expect.any(String));
});
