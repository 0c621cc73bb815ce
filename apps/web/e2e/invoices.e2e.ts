import { readFile } from "node:fs/promises";
import { extractText } from "unpdf";
import { customerWithProject, openProjectAs } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test, toastWith } from "./support.ts";

/**
 * Issue 24 part 3: the admin sets the seller, confirms a bank transfer, and the owner downloads the
 * invoice from the Plan screen; the PDF's text holds the number, the buyer and the total. The admin
 * then finds it on the Invoices screen and reverses it with a credit note.
 */
test("a bank transfer confirmed by the admin yields an invoice PDF with its number, buyer and total", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const adminToken = await apiLogin(DEMO.admin.email);
  await callApi(adminToken, "POST", "/v3/billing/rates", { currency: "EUR", usdPerUnit: "1.08" });
  const { owner, project } = await customerWithProject("invoice-owner");
  await callApi(owner.token, "POST", "/v3/project/updateData", {
    id: project.id,
    customerType: "COMPANY",
    customerFirstName: "Ines",
    customerLastName: "Invoice",
    customerCompanyName: "Ines Buyer GmbH",
    customerAddress: "5 Market Street",
    customerPost: "Hamburg",
    customerPostCode: "20095",
    country: "DE",
  });
  const order = await callApi<{ id: string; reference: string }>(
    owner.token,
    "POST",
    `/v3/project/${project.id}/payment-order`,
    { method: "BANK_TRANSFER", kind: "PLAN", paymentPlan: "PRO_MONTHLY" },
  );

  // The admin sets the seller and the German VAT rate, then confirms the transfer.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAs(admin, DEMO.admin.email);
  await admin.goto("/app/invoices");
  const seller = admin.getByRole("region", { name: "Seller on invoices" });
  await seller.getByLabel("Legal name").fill("Atelier Invoicing GmbH");
  await seller.getByLabel("Address").fill("1 Studio Lane, 10115 Berlin");
  await seller.getByRole("combobox", { name: "Country" }).fill("Germany");
  await admin.getByRole("option", { name: "Germany" }).click();
  await seller.getByLabel("VAT ID").fill("DE999999999");
  await seller.getByLabel("VAT rates by buyer country").fill("DE 19");
  await seller.getByRole("button", { name: "Save invoice settings" }).click();
  await expect(toastWith(admin, "Invoice settings saved")).toBeVisible();
  await checkA11y(admin);

  await admin.goto("/app/payments");
  await admin.getByRole("button", { name: `Confirm ${order.reference}` }).click();
  await admin.getByRole("dialog", { name: "Confirm payment" }).getByRole("button", { name: "Confirm payment" }).click();
  await expect(toastWith(admin, `Payment ${order.reference} confirmed`)).toBeVisible();

  // The owner finds the invoice on the Plan screen and downloads its PDF.
  await openProjectAs(page, owner, project);
  await page.getByRole("button", { name: "Plan", exact: true }).click();
  const plan = page.getByRole("dialog", { name: "Plan and balance" });
  const invoices = plan.getByRole("table", { name: "Invoices" });
  const row = invoices.getByRole("row").filter({ hasText: "$39.95" });
  await expect(row).toHaveCount(1);
  const number = /Invoice (\d{4}-\d{6})/.exec((await row.textContent()) ?? "")?.[1] ?? "";
  expect(number).toMatch(/^\d{4}-\d{6}$/);
  await checkA11y(page, { include: "[role=dialog]" });
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.getByRole("button", { name: `Download PDF of invoice ${number}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const bytes = new Uint8Array(await readFile(await download.path()));
  const { text } = await extractText(bytes, { mergePages: true });
  expect(text).toContain(`Invoice ${number}`);
  expect(text).toContain("Ines Buyer GmbH (Ines Invoice)");
  expect(text).toContain("Atelier Invoicing GmbH");
  expect(text).toContain("$39.95");
  expect(text).toContain("VAT 19%");

  // The admin's Invoices screen lists it; a credit note reverses it (after a confirmation).
  await admin.goto("/app/invoices");
  await admin.getByRole("button", { name: `Credit ${number}` }).click();
  const credit = admin.getByRole("dialog", { name: "Issue credit note" });
  await credit.getByLabel("Reason").fill("Paid twice by mistake");
  await credit.getByRole("button", { name: "Issue credit note" }).click();
  await expect(toastWith(admin, "Credit note")).toBeVisible();
  await expect(admin.getByText(`Credits ${number}`)).toBeVisible();
  await expect(admin.getByRole("button", { name: `Credit ${number}` })).toHaveCount(0);
  await adminContext.close();
});
