import type { Page } from "@playwright/test";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test, toastWith } from "./support.ts";

/**
 * Issue 29 point 11: one open order per project; the customer cancels theirs; the admin rejects one
 * with a reason the customer sees on their billing, live.
 */

async function setRates(): Promise<void> {
  const token = await apiLogin(DEMO.admin.email);
  await callApi(token, "POST", "/v3/billing/rates", { currency: "EUR", usdPerUnit: "1.08" });
}

async function placeOrder(token: string, projectId: string): Promise<string> {
  const order = await callApi<{ reference: string }>(token, "POST", `/v3/project/${projectId}/payment-order`, {
    method: "BANK_TRANSFER",
    kind: "PLAN",
    paymentPlan: "PRO_MONTHLY",
  });
  return order.reference;
}

async function openPlan(page: Page) {
  await page.getByRole("button", { name: "Plan", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Plan and balance" });
  await expect(dialog.getByText("Current plan:")).toBeVisible();
  return dialog;
}

test("the owner cancels an open order; the admin rejects the next one and the owner reads why", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await setRates();
  const { owner, project } = await customerWithProject("orders-owner");
  // An order is a bill: it needs the billing details (the billing dialog asks them first).
  await callApi(owner.token, "POST", "/v3/project/updateData", {
    id: project.id,
    customerType: "INDIVIDUAL",
    customerFirstName: "Erin",
    customerLastName: "Example",
    customerAddress: "1 Quay Street",
    customerPost: "Dublin",
    customerPostCode: "D02 X285",
    country: "IE",
  });
  const first = await placeOrder(owner.token, project.id);
  // A second order while one is open is refused.
  await callApi(
    owner.token,
    "POST",
    `/v3/project/${project.id}/payment-order`,
    { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_YEARLY" },
    409,
  );

  await openProjectAs(page, owner, project);
  const plan = await openPlan(page);
  await expect(plan.getByText(`Awaiting payment: ${first}`)).toBeVisible();
  await plan.getByRole("button", { name: `Cancel order ${first}` }).click();
  await expect(plan.getByRole("group", { name: "Cancel the order?" })).toBeVisible();
  await checkA11y(page, { include: "[role=dialog]" });
  await plan.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toastWith(page, `Order ${first} cancelled`)).toBeVisible();
  await expect(plan.getByText(`Awaiting payment: ${first}`)).toHaveCount(0);

  // A new order placed elsewhere shows up here without a reload.
  const second = await placeOrder(owner.token, project.id);
  await expect(plan.getByText(`Awaiting payment: ${second}`)).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin.email);
  // The admin, on no team, hears of the order in Messages; the message leads to Payments.
  await admin.goto("/app/messages");
  await admin.getByRole("button", { name: new RegExp(`by bank transfer \\(${second}\\)`) }).click();
  await expect(admin).toHaveURL(/\/app\/payments$/);
  await admin.getByRole("button", { name: `Reject ${second}` }).click();
  const reject = admin.getByRole("dialog", { name: "Reject payment order" });
  await reject.getByRole("button", { name: "Reject order" }).click();
  await expect(reject.getByText("Give a reason")).toBeVisible();
  await checkA11y(admin, { include: "[role=dialog]" });
  await reject.getByLabel("Reason for the customer").fill("No transfer with this reference arrived within 14 days.");
  await reject.getByRole("button", { name: "Reject order" }).click();
  await expect(toastWith(admin, `Order ${second} rejected`)).toBeVisible();
  await expect(admin.getByRole("button", { name: `Reject ${second}` })).toHaveCount(0);
  await adminContext.close();

  // The owner's open dialog tells them, with the admin's reason.
  await expect(plan.getByText(`Payment order ${second} was rejected`)).toBeVisible();
  await expect(plan.getByText("No transfer with this reference arrived within 14 days.")).toBeVisible();
  await expect(plan.getByText(`Awaiting payment: ${second}`)).toHaveCount(0);
});
