import type { Browser, Page } from "@playwright/test";
import { colourPng, startedTask, thumbnails, uploadDesign } from "./designs-support.ts";
import { E2E } from "./env.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/** A task with one design by the demo designer, in review. */
async function taskInReview(label: string) {
  const started = await startedTask(label);
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "cover.png", await colourPng(30, 60, 160, 400));
  const ref = { projectId: started.project.id, taskId: started.task.id };
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", { ...ref, addedDesignsFileKeys: [key] });
  await callApi(designerToken, "POST", "/v3/project/task/updateStatus", { ...ref, taskStatus: "review" });
  return { ...started, ref };
}

/** A browser with no account at all: a fresh context, never signed in. */
async function guestPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

async function joinAsGuest(page: Page, url: string, name: string) {
  await page.goto(url);
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Your e-mail").fill(`${name.split(" ")[0]?.toLowerCase()}@example.com`);
  await page.getByRole("button", { name: "Start reviewing" }).click();
  await expect(page.getByRole("region", { name: "Design cover.png" })).toBeVisible();
}

test("a guest with no account comments with a pin and approves through a link", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { owner, task, url } = await taskInReview("guest-approve");
  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(1);
  const shares = panel.getByRole("region", { name: "Guest review links" });
  await shares.getByRole("button", { name: "Share for review" }).click();
  await shares.getByLabel("Guests may approve or request changes").check();
  await shares.getByRole("button", { name: "Create link" }).click();
  const link = await shares.getByRole("textbox", { name: "Review link" }).inputValue();
  expect(link).toMatch(/\/app\/review#[A-Za-z0-9_-]{43}$/);

  const guest = await guestPage(browser);
  await joinAsGuest(guest, link, "Gina Guest");
  await checkA11y(guest);
  const design = guest.getByRole("region", { name: "Design cover.png" });
  await design.getByRole("button", { name: "Pin a comment on cover.png" }).click({ position: { x: 40, y: 30 } });
  await design.getByRole("textbox", { name: "Comment on the pinned spot" }).fill("Make the logo bigger");
  await design.getByRole("button", { name: "Comment", exact: true }).click();
  const thread = design.getByRole("listitem", { name: "Comment by Gina Guest" });
  await expect(thread).toContainText("Make the logo bigger");
  await expect(thread).toContainText("(guest)");

  // The team sees it live, marked as a guest's, and who used the link.
  await thumbnails(panel).first().click();
  await expect(page.getByText("Make the logo bigger")).toBeVisible();
  await expect(page.getByText("(guest)").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(shares.getByRole("list", { name: "Guests who used it" })).toContainText("Gina Guest");

  await guest.getByRole("button", { name: "Approve" }).click();
  await guest.getByRole("dialog", { name: "Approve the task?" }).getByRole("button", { name: "Approve" }).click();
  await expect(guest.getByLabel("Status: approved")).toBeVisible();
  const now = await callApi<{ status: string }>(owner.token, "GET", `/v3/project/${task.projectId}/task/${task.id}`);
  expect(now.status).toBe("approved");
  // The same device remembers the guest: a reload goes straight to the review.
  await guest.reload();
  await expect(guest.getByText("reviewing as Gina Guest (guest)")).toBeVisible();
  await guest.context().close();
});

test("a revoked link stops working at once, with a clear page rather than a login", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { owner, task, url, ref } = await taskInReview("guest-revoke");
  const created = await callApi<{ link: string }>(owner.token, "POST", "/v3/project/task/guest-share", ref);
  const guest = await guestPage(browser);
  await joinAsGuest(guest, `${E2E.baseUrl}/app/review#${created.link}`, "Rita Reviewer");

  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const shares = taskPanel(page, task.title).getByRole("region", { name: "Guest review links" });
  await shares.getByRole("button", { name: "Turn off" }).click();
  await page
    .getByRole("dialog", { name: "Turn the review link off?" })
    .getByRole("button", { name: "Turn off" })
    .click();
  await expect(shares.getByText("Turned off")).toBeVisible();

  // The guest's open page: their next call is refused and the page says why.
  const design = guest.getByRole("region", { name: "Design cover.png" });
  await design.getByRole("textbox", { name: "Comment on cover.png" }).fill("Still there?");
  await design.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(guest.getByRole("alert")).toContainText("turned off by the person who shared it");
  await guest.reload();
  await expect(guest.getByRole("heading", { name: "Review link not available" })).toBeVisible();
  expect(new URL(guest.url()).pathname).toBe("/app/review");
  await checkA11y(guest);
  await guest.context().close();
});
