import type { Locator, Page } from "@playwright/test";
import { colourPng, pageFor, startedTask, thumbnails, uploadDesign, viewer } from "./designs-support.ts";
import { customerWithProject, inviteToProject } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, test } from "./support.ts";
import { createTask, taskPanel } from "./tasks-support.ts";

/** The header's Messages link and the unread count its badge shows (0 when hidden). */
function messagesLink(page: Page): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Messages/ });
}
async function unreadBadge(page: Page): Promise<number> {
  const text = (await messagesLink(page).textContent()) ?? "";
  const match = /(\d+)/.exec(text);
  return match ? Number(match[1]) : 0;
}

/**
 * The badge shows the server's unread count, and it rose past `before`. The demo accounts are
 * shared by journeys running in parallel, so another journey may add a message of its own in the
 * meantime: the badge must match the server, not `before + 1` exactly.
 */
async function badgeRoseLive(page: Page, token: string, before: number): Promise<void> {
  await expect
    .poll(async () => {
      const { count } = await callApi<{ count: number }>(token, "GET", "/v3/messages/unread-count");
      const shown = await unreadBadge(page);
      return shown === count && shown > before;
    })
    .toBe(true);
}

test("a change by one person shows on another's open screen and badge without reload; the feed clears the badge", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, project } = await customerWithProject("realtime");
  const adminToken = await apiLogin(DEMO.admin.email);
  await inviteToProject(adminToken, { projectId: project.id, email: DEMO.designer.email, role: "designer" });
  await inviteToProject(adminToken, {
    projectId: project.id,
    email: DEMO.projectManager.email,
    role: "projectManager",
  });

  // The designer has the project screen open.
  await loginAs(page, DEMO.designer.email);
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  await expect(messagesLink(page)).toBeVisible();
  const designerToken = await apiLogin(DEMO.designer.email);
  const before = (await callApi<{ count: number }>(designerToken, "GET", "/v3/messages/unread-count")).count;

  // The customer adds a task from their side: it shows on the designer's screen and badge.
  const title = `Live task ${Date.now().toString(36)}`;
  await createTask(owner.token, project.id, title);
  await expect(page.getByRole("main").getByRole("link", { name: title, exact: true })).toBeVisible();
  await badgeRoseLive(page, designerToken, before);

  // The project manager, in another browser, reads the feed and marks the project read.
  const pm = await pageFor(browser, DEMO.projectManager.email);
  await pm.goto("/app/messages");
  const group = pm.getByRole("region", { name: project.name });
  await expect(group.getByRole("button", { name: new RegExp(`added the task\\s*${title}.*Unread`) })).toBeVisible();
  await checkA11y(pm);
  const pmBefore = await unreadBadge(pm);
  expect(pmBefore).toBeGreaterThan(0);
  await group.getByRole("button", { name: "Mark all as read" }).click();
  await expect(group.getByText("Unread", { exact: true })).toHaveCount(0);
  await expect.poll(() => unreadBadge(pm)).toBeLessThan(pmBefore);

  // A second change while the PM looks at the feed arrives without reload.
  const second = `Second live task ${Date.now().toString(36)}`;
  await createTask(owner.token, project.id, second);
  await expect(group.getByRole("button", { name: new RegExp(`added the task\\s*${second}`) })).toBeVisible();
  // Opening it leads to the task panel and marks it seen.
  await group.getByRole("button", { name: new RegExp(`added the task\\s*${second}`) }).click();
  await expect(pm).toHaveURL(new RegExp(`/app/project/${project.id}/task/[0-9a-f-]+$`));
  await expect(pm.getByRole("dialog", { name: second })).toBeVisible();
  await pm.context().close();
});

test("a customer's comment on a design shows in the designer's open task panel and badge without reload", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { owner, project, task, url } = await startedTask("realtime-designs");
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "cover.png", await colourPng(40, 120, 200));
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", {
    projectId: project.id,
    taskId: task.id,
    addedDesignsFileKeys: [key],
  });

  // The designer has the task panel open.
  await loginAs(page, DEMO.designer.email);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(1);
  await expect(thumbnails(panel).first()).toHaveAccessibleName(/^Open cover\.png/);
  await expect(messagesLink(page)).toBeVisible();
  const before = (await callApi<{ count: number }>(designerToken, "GET", "/v3/messages/unread-count")).count;

  // The customer, in another browser, comments on the design.
  const customer = await pageFor(browser, owner.email, owner.password);
  await customer.goto(url);
  await thumbnails(taskPanel(customer, task.title)).first().click();
  const customerView = viewer(customer, "cover.png");
  const text = `Bluer, please ${Date.now().toString(36)}`;
  await customerView.getByLabel("New comment", { exact: true }).fill(text);
  await customerView.getByRole("button", { name: "Add comment" }).click();
  await expect(customerView.getByRole("listitem", { name: "Comment 1" })).toContainText(text);

  // The designer's panel counts the comment, the viewer shows it, the badge rose: no reload.
  await expect(thumbnails(panel).first()).toHaveAccessibleName(/1 comments/);
  await badgeRoseLive(page, designerToken, before);
  await thumbnails(panel).first().click();
  await expect(viewer(page, "cover.png").getByRole("listitem", { name: "Comment 1" })).toContainText(text);
  await customer.context().close();
});
