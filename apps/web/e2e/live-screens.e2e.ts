import type { Page } from "@playwright/test";
import { newDesigner, startedTask } from "./hours-support.ts";
import { customerWithProject, inviteToProject, openProjectAs, projectCards } from "./projects-support.ts";
import { callApi, expect, loginAs, registerCustomer, test, toastWith, uniqueEmail } from "./support.ts";
import { createTask, openTaskFromCard, taskCards } from "./tasks-support.ts";

/** Resolves once the page's realtime stream has answered (its changes arrive from then on). */
function streamOpened(page: Page) {
  return page.waitForResponse((response) => /\/chat\/channel\/[^/]+\/stream/.test(response.url()));
}

test("a member taken off the team loses the project on screen at once", async ({ page }) => {
  const { owner, project } = await customerWithProject("removed-live");
  const editor = await registerCustomer({ email: uniqueEmail("removed-editor") });
  await inviteToProject(owner.token, { projectId: project.id, email: editor.email, role: "editor" });
  const streamOpen = streamOpened(page);
  await openProjectAs(page, editor, project);
  await streamOpen;

  await callApi(owner.token, "DELETE", `/v3/project/${project.id}/user/${editor.user.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Project not found" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toHaveCount(0);
});

test("the same person's other tab shows a change made in the first, without reload", async ({ page }) => {
  const { owner, project } = await customerWithProject("two-tabs");
  await openProjectAs(page, owner, project);
  // A second tab of the same browser: the same session, a stream of its own.
  const second = await page.context().newPage();
  const secondStream = streamOpened(second);
  await second.goto(`/app/project/${project.id}`);
  await expect(second.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
  await secondStream;

  const title = `From the first tab ${Date.now().toString(36)}`;
  await page.getByRole("button", { name: "Add the first task" }).click();
  const create = page.getByRole("dialog", { name: "New task" });
  await create.getByLabel("Title").fill(title);
  await create.getByRole("button", { name: "Add task" }).click();
  await expect(toastWith(page, `Task "${title}" was added`)).toBeVisible();

  await expect(second.getByRole("main").getByRole("link", { name: title, exact: true })).toBeVisible();
});

test("a stream that opens after the screen's reads brings what changed between them, and refetches nothing", async ({
  page,
}) => {
  const { owner, project } = await customerWithProject("stream-point");
  await loginAs(page, owner.email, owner.password);
  // The next page's stream is held until a change has committed after the screen's reads.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/chat\/channel\/[^/]+\/stream/, async (route) => {
    await held;
    await route.continue();
  });
  const accountReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/auth/info") accountReads.push(request.url());
  });
  const streamOpen = streamOpened(page);
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("button", { name: "Add the first task" })).toBeVisible();

  const title = `Between read and stream ${Date.now().toString(36)}`;
  await createTask(owner.token, project.id, title);
  release();
  await streamOpen;
  await expect(page.getByRole("main").getByRole("link", { name: title, exact: true })).toBeVisible();
  // The account call is on screen too: opening the stream fetched nothing again.
  expect(accountReads).toHaveLength(1);
});

test("a project and its task are marked new when someone else moves the task, live, until the task is opened", async ({
  page,
}) => {
  const { owner, project } = await customerWithProject("unseen-marks");
  const designer = await newDesigner("unseen-designer");
  await loginAs(page, owner.email, owner.password);
  const streamOpen = streamOpened(page);
  await page.goto("/app/projects");
  const card = projectCards(page).filter({ hasText: project.name });
  await expect(card).toBeVisible();
  await streamOpen;
  await expect(card.getByText("New")).toHaveCount(0);

  // The designer starts work on a task of the project: news for the owner.
  await startedTask(owner, project.id, designer, "Brochure", 3);
  await expect(card.getByText("New")).toBeVisible();
  await expect(card).toContainText("New activity in this project");

  await card.getByRole("link", { name: project.name, exact: true }).click();
  const taskCard = taskCards(page).filter({ hasText: "Brochure" });
  await expect(taskCard.getByText("New")).toBeVisible();
  const panel = await openTaskFromCard(page, "Brochure");
  await panel.getByRole("button", { name: "Close" }).first().click();
  await expect(taskCard.getByText("New")).toHaveCount(0);
  await page.getByRole("link", { name: "Projects", exact: true }).first().click();
  await expect(card).toBeVisible();
  await expect(card.getByText("New")).toHaveCount(0);
});
