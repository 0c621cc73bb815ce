import { approvedTask, newDesigner, startedTask } from "./hours-support.ts";
import { customerWithProject, inviteToProject, openProjectAs } from "./projects-support.ts";
import { checkA11y, DEMO, expect, loginAs, registerCustomer, test, toastWith, uniqueEmail } from "./support.ts";

const month = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

test("the designer sees this month's hours in the header and opens the tooltip's hours per project", async ({
  page,
}) => {
  const designer = await newDesigner("hours-designer");
  const { owner, project } = await customerWithProject("hours-summary");
  await approvedTask(owner, project.id, designer, "Letterhead", 6);

  await loginAs(page, designer.email, designer.password);
  await expect(page).toHaveURL(/\/app\/schedule$/);
  const summary = page.getByRole("button", { name: `Work log: ${month.format(Date.now())}, 6 h` });
  await expect(summary).toBeVisible();
  await summary.hover();
  const tooltip = page.getByRole("dialog");
  const current = tooltip.getByRole("button", { name: /6 h$/ });
  await expect(current).toBeVisible();
  await current.click();
  await expect(current).toHaveAttribute("aria-expanded", "true");
  await expect(tooltip.getByText(project.name)).toBeVisible();
  // Pointing at the card's text, not a button (whose hover shade would hide a contrast failure).
  await tooltip.getByText(project.name).hover();
  await checkA11y(page, { keepPointer: true });
  // Leaving the tooltip closes it (after a short delay, so the pointer can travel to it).
  await page.mouse.move(1000, 600);
  await expect(tooltip).toBeHidden();
  await checkA11y(page);

  // Another approval while the header is on screen: the figure moves without a reload.
  await approvedTask(owner, project.id, designer, "Envelope", 3);
  await expect(page.getByRole("button", { name: `Work log: ${month.format(Date.now())}, 9 h` })).toBeVisible();
});

test("the admin records a payment to a designer and the debt drops", async ({ page }) => {
  const designer = await newDesigner("hours-paid", 20);
  const { owner, project } = await customerWithProject("hours-pay");
  await approvedTask(owner, project.id, designer, "Flyer", 6);

  await loginAs(page, DEMO.admin.email);
  await page.goto("/app/designers");
  const name = `${designer.name} ${designer.surname}`;
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row.getByRole("cell", { name: "$120.00" })).toBeVisible();
  await checkA11y(page);
  await row.getByRole("button", { name: `Payment to ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Payment to ${name}` });
  await expect(dialog.getByTestId("debt-money")).toHaveText("$120.00");
  await expect(dialog.getByText("No payments recorded yet.")).toBeVisible();
  await checkA11y(page);
  await dialog.getByLabel("Amount").fill("50");
  await dialog.getByLabel("Note").fill("First half");
  await dialog.getByRole("button", { name: "Record payment" }).click();
  await expect(toastWith(page, "Payment of $50.00 recorded")).toBeVisible();
  await expect(dialog.getByTestId("debt-money")).toHaveText("$70.00");
  const history = dialog.getByRole("table", { name: "Payment history" });
  await expect(history.getByRole("row").filter({ hasText: "First half" })).toContainText("$50.00");
  await dialog.getByRole("button", { name: "Close", exact: true }).click();
  await expect(row.getByRole("cell", { name: "$70.00" })).toBeVisible();
});

test("the owner sees the project's hours ledger, the viewer does not", async ({ page, browser }) => {
  const designer = await newDesigner("hours-ledger");
  const { owner, project } = await customerWithProject("hours-ledger");
  const viewer = await registerCustomer({ email: uniqueEmail("hours-viewer") });
  await inviteToProject(owner.token, { projectId: project.id, email: viewer.email, role: "viewer" });
  await approvedTask(owner, project.id, designer, "Banner", 5);
  await startedTask(owner, project.id, designer, "Sticker", 3);

  await openProjectAs(page, owner, project);
  const ledger = page.getByRole("region", { name: "Hours this month" });
  await expect(ledger.getByText("Approved", { exact: true })).toBeVisible();
  await expect(ledger.getByText("5 h", { exact: true })).toBeVisible();
  await expect(ledger.getByText("3 h", { exact: true })).toBeVisible();
  await checkA11y(page);
  // Work started and approved elsewhere moves the figures on screen.
  await startedTask(owner, project.id, designer, "Poster", 4);
  await expect(ledger.getByText("7 h", { exact: true })).toBeVisible();
  await approvedTask(owner, project.id, designer, "Badge", 2);
  // Approved 5 + 2 and in progress 3 + 4: both figures read 7 h.
  await expect(ledger.getByText("7 h", { exact: true })).toHaveCount(2);

  const viewerPage = await (await browser.newContext()).newPage();
  await openProjectAs(viewerPage, viewer, project);
  await expect(viewerPage.getByRole("heading", { name: "Tasks" })).toBeVisible();
  await expect(viewerPage.getByRole("region", { name: "Hours this month" })).toHaveCount(0);
  await viewerPage.context().close();
});

test("the project manager reads every designer's schedule and sees overbooked days", async ({ page }) => {
  const designer = await newDesigner("hours-schedule");
  const { owner, project } = await customerWithProject("hours-schedule");
  // Due on Monday of next week with 50 hours: spread over the working days up to it (six at most),
  // each day gets more than the default 8 hours.
  const now = new Date();
  const weekday = (now.getUTCDay() + 6) % 7;
  const deadline = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - weekday + 7, 23, 59, 59);
  await startedTask(owner, project.id, designer, "Catalogue", 50, deadline);

  await loginAs(page, DEMO.projectManager.email);
  await page.goto("/app/schedule");
  await page.getByRole("button", { name: "Next week" }).click();
  const table = page.getByRole("table", { name: /^Schedule/ });
  const row = table.getByRole("row").filter({ hasText: `${designer.name} ${designer.surname}` });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^Catalogue/)).toBeVisible();
  await expect(row.getByText("Overbooked")).toBeVisible();
  await checkA11y(page);
  // The segmented control's radios are visually hidden; people click their labels.
  await page.getByText("Month", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Month" })).toBeChecked();
  await expect(page.getByRole("region", { name: `${designer.name} ${designer.surname}` })).toBeVisible();
  await checkA11y(page);
});
