import { MESSAGES } from "@atelier/shared";
import type { Locator, Page } from "@playwright/test";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test, toastWith } from "./support.ts";

// Plans and billing (issue 11): card payments through the Stripe stand-in the e2e server starts
// (E2E_STRIPE=1), bank transfer orders confirmed by the admin, Flexible cancelled, a plan by hand.
// axe runs on every step of the payment dialog and on the plan dialog.

const DIALOG = "[role=dialog]";

async function setRatesAsAdmin(): Promise<void> {
  const token = await apiLogin(DEMO.admin.email);
  for (const [currency, usdPerUnit] of [
    ["EUR", "1.08"],
    ["BTC", "95000"],
  ]) {
    await callApi(token, "POST", "/v3/billing/rates", { currency, usdPerUnit });
  }
}

/** Opens the Plan dialog from the project screen. */
async function openPlan(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Plan", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Plan and balance" });
  await expect(dialog.getByText("Current plan:")).toBeVisible();
  return dialog;
}

/** Chooses period and plan in the plan section and opens the payment dialog at step 1 of 4. */
async function startPayment(page: Page, plan: Locator, period: "Yearly" | "Monthly", name: string): Promise<Locator> {
  await plan.getByText(period === "Yearly" ? "Yearly (2 months free)" : "Monthly", { exact: true }).click();
  await plan.getByRole("combobox", { name: "Plan" }).click();
  await page.getByRole("option", { name: new RegExp(`^${name} ·`) }).click();
  await plan.getByRole("button", { name: "Choose plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Payment plan" });
  await expect(dialog.getByText("Step 1 of 4: Payment method")).toBeVisible();
  await checkA11y(page, { include: DIALOG });
  return dialog;
}

/** Step 1 → 2: the billing details (SPEC §5), checked before they are saved. */
async function fillBillingDetails(page: Page, dialog: Locator): Promise<void> {
  await expect(dialog.getByText("Step 2 of 4: Billing details")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Back" })).toBeDisabled();
  // SPEC §5: the company name, street, city, post code and country are required.
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Company full name is required")).toBeVisible();
  await checkA11y(page, { include: DIALOG });
  await dialog.getByLabel("Company name").fill("Billing Journeys Ltd");
  await dialog.getByLabel("Street address").fill("1 Quay Street");
  await dialog.getByLabel("City").fill("Dublin");
  await dialog.getByLabel("Post code").fill("D02 X285");
  await dialog.getByRole("combobox", { name: "Country" }).fill("Irela");
  await page.getByRole("option", { name: "Ireland", exact: true }).click();
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Step 3 of 4: Plan")).toBeVisible();
  await checkA11y(page, { include: DIALOG });
}

test("the owner subscribes to Premium yearly by card and returns to subscription-completed", async ({ page }) => {
  const { owner, project } = await customerWithProject("card-owner");
  await openProjectAs(page, owner, project);
  const plan = await openPlan(page);
  await expect(plan.getByText("No plan")).toBeVisible();
  await checkA11y(page, { include: DIALOG });
  const dialog = await startPayment(page, plan, "Yearly", "Premium");

  await dialog.getByRole("button", { name: "Pay by Credit card" }).click();
  await fillBillingDetails(page, dialog);
  // Premium yearly was chosen in the plan section; shown per month.
  await expect(dialog.getByRole("radio", { name: "Premium plan" })).toBeChecked();
  await expect(dialog.getByText("$66.50 / month")).toBeVisible();
  await dialog.getByRole("button", { name: "Continue to payment" }).click();

  // Stripe's Checkout page (the stand-in) takes the payment and sends the webhooks.
  await expect(page.getByRole("heading", { name: "Checkout (stand-in)" })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(toastWith(page, MESSAGES.projectPlanUpdated)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/app/project/${project.id}$`));
  const after = await openPlan(page);
  await expect(after.getByText("Premium")).toBeVisible();
  await expect(after.getByText(/\(yearly\) · current period ends/)).toBeVisible();
  await expect(after.getByRole("button", { name: "Change billing" })).toBeVisible();
});

test("the owner orders Pro by bank transfer and the admin confirms it", async ({ page, browser }) => {
  await setRatesAsAdmin();
  const { owner, project } = await customerWithProject("bank-owner");
  await openProjectAs(page, owner, project);
  const dialog = await startPayment(page, await openPlan(page), "Monthly", "Pro");
  await dialog.getByRole("button", { name: "Pay by Bank transfer" }).click();
  await fillBillingDetails(page, dialog);
  await dialog.getByRole("button", { name: "Create payment order" }).click();

  await expect(dialog.getByText("Step 4 of 4: Payment order")).toBeVisible();
  await expect(dialog.getByRole("img", { name: "QR code for the bank transfer" })).toBeVisible();
  await expect(dialog.getByText("DE89370400440532013000")).toBeVisible();
  const reference = (await dialog.getByText(/^AT-[0-9A-Z]{8}$/).textContent()) ?? "";
  expect(reference).toMatch(/^AT-/);
  await checkA11y(page, { include: DIALOG });
  // Back goes to the billing details (SPEC §4).
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog.getByText("Step 2 of 4: Billing details")).toBeVisible();
  await page.keyboard.press("Escape");

  // The admin sees the open order and confirms it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin.email);
  await admin.getByRole("button", { name: "Users" }).click();
  await admin.getByRole("menuitem", { name: "Payments" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Payments" })).toBeVisible();
  await checkA11y(admin);
  await admin.getByRole("button", { name: `Confirm ${reference}` }).click();
  const confirmDialog = admin.getByRole("dialog", { name: "Confirm payment" });
  await checkA11y(admin, { include: DIALOG });
  await confirmDialog.getByRole("button", { name: "Confirm payment" }).click();
  await expect(toastWith(admin, `Payment ${reference} confirmed`)).toBeVisible();
  await expect(admin.getByRole("button", { name: `Confirm ${reference}` })).toHaveCount(0);
  await adminContext.close();

  await page.reload();
  const plan = await openPlan(page);
  await expect(plan.getByText("Pro", { exact: true })).toBeVisible();
  await expect(plan.getByText("Balance:")).toBeVisible();
  await expect(plan.getByRole("button", { name: "Top up hours" })).toBeVisible();
});

test("the owner saves a Flexible plan by card, then cancels it", async ({ page }) => {
  const { owner, project } = await customerWithProject("flexible-owner");
  await openProjectAs(page, owner, project);
  const dialog = await startPayment(page, await openPlan(page), "Monthly", "Pro");
  await dialog.getByRole("button", { name: "Pay by Credit card" }).click();
  await fillBillingDetails(page, dialog);
  await dialog.getByRole("radio", { name: "Flexible plan" }).check();
  await dialog.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByText("Mode: setup")).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(toastWith(page, MESSAGES.flexiblePlanSaved)).toBeVisible();

  const plan = await openPlan(page);
  await expect(plan.getByText("Flexible")).toBeVisible();
  await expect(plan.getByText("$80.00 / hour")).toBeVisible();
  await plan.getByRole("button", { name: "Cancel plan" }).click();
  await expect(toastWith(page, MESSAGES.subscriptionCanceled)).toBeVisible();
  await expect(plan.getByText("No plan")).toBeVisible();
});

test("the admin sets a plan by hand", async ({ page }) => {
  const { project } = await customerWithProject("manual-plan");
  await openProjectAs(page, { email: DEMO.admin.email, password: "demo-password-e2e" }, project);
  await page.getByRole("button", { name: "Settings", exact: true }).click();
  const settings = page.getByRole("dialog", { name: "Project settings" });
  const form = settings.getByRole("region", { name: "Set the plan by hand" });
  const change = form.getByRole("button", { name: "Change plan" });
  // SPEC §5: nothing changed yet, so the button is disabled.
  await expect(change).toBeDisabled();
  const nextYear = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel("Period ends").fill(nextYear);
  await form.getByRole("combobox", { name: "Plan code" }).click();
  await page.getByRole("option", { name: "Diamond (yearly)" }).click();
  await checkA11y(page, { include: DIALOG });
  await change.click();
  await expect(toastWith(page, MESSAGES.projectPlanUpdated)).toBeVisible();
  await expect(settings.getByText(/Current plan: Diamond \(yearly\)/)).toBeVisible();
  // The project screen's hours behind the dialog now count the plan's hours.
  await settings.getByRole("button", { name: "Close dialog" }).click();
  await expect(page.getByRole("region", { name: "Hours this month" }).getByText("Plan hours")).toBeVisible();
});
