import type { Locator, Page } from "@playwright/test";
import { E2E } from "./env.ts";
import { apiLogin, callApi, DEMO, expect, submitLogin } from "./support.ts";

/**
 * Set-up for the task journeys through the real API, as the browser would call it, so a journey
 * spends its time on the screens it is about. The assertions stay on the screens.
 */

export interface CreatedTask {
  id: string;
  projectId: string;
  title: string;
}

/** POST /v3/project/task as the given user. */
export async function createTask(
  token: string,
  projectId: string,
  title: string,
  extra: { description?: string; priority?: string; deadline?: number; descriptionFileKeys?: string[] } = {},
): Promise<CreatedTask> {
  return callApi<CreatedTask>(token, "POST", "/v3/project/task", { projectId, title, ...extra });
}

/** Several tasks, created in the given order (so "date added" lists them in reverse). */
export async function createTasks(token: string, projectId: string, titles: string[]): Promise<CreatedTask[]> {
  const tasks: CreatedTask[] = [];
  for (const title of titles) tasks.push(await createTask(token, projectId, title));
  return tasks;
}

/** POST /upload/file: answers the stored file's key. */
export async function uploadFile(token: string, name: string, type: string, content: Buffer): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(content)], { type }), name);
  const response = await fetch(`${E2E.baseUrl}/upload/file?purpose=attachment`, {
    method: "POST",
    headers: { "Auth-Token": token },
    body: form,
  });
  expect(response.status, `upload ${name}`).toBe(200);
  return ((await response.json()) as { key: string }).key;
}

/** The demo designer's id and a session for them. */
export async function demoDesigner(): Promise<{ id: string; token: string }> {
  const token = await apiLogin(DEMO.designer.email);
  const me = await callApi<{ id: string }>(token, "GET", "/auth/info");
  return { id: me.id, token };
}

/** Staff assign the demo designer, who then starts the task with estimates. */
export async function assignAndStart(
  staffToken: string,
  task: CreatedTask,
  estimates = { estimatedTimeOfCompletion: 24, estimatedWork: 8 },
): Promise<void> {
  const designer = await demoDesigner();
  await callApi(staffToken, "POST", "/v3/project/assign-designer-on-task", {
    projectId: task.projectId,
    taskId: task.id,
    designerId: designer.id,
  });
  await callApi(
    designer.token,
    "POST",
    `/v3/project/${task.projectId}/task/${task.id}/start-working-on-task/`,
    estimates,
  );
}

export async function archiveTask(token: string, task: CreatedTask): Promise<void> {
  await callApi(token, "POST", "/v3/project/task/archive", { projectId: task.projectId, taskId: task.id });
}

/** The task cards of the list on screen (each an article named by its title link). */
export function taskCards(page: Page): Locator {
  return page.getByRole("main").getByRole("article");
}

/** The titles of the task cards, top to bottom. */
export async function cardTitles(page: Page): Promise<string[]> {
  return taskCards(page).getByRole("heading").allInnerTexts();
}

/** The task panel (a dialog named by the task's title). */
export function taskPanel(page: Page, title: string): Locator {
  return page.getByRole("dialog", { name: title });
}

/** Opens a task's panel from its card on the project screen. */
export async function openTaskFromCard(page: Page, title: string): Promise<Locator> {
  await page.getByRole("main").getByRole("link", { name: title, exact: true }).click();
  const panel = taskPanel(page, title);
  await expect(panel.getByRole("group", { name: "Task actions" })).toBeVisible();
  return panel;
}

/** Chooses an option of a Mantine select by its label. */
export async function choose(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await scope
    .getByRole("textbox", { name: label })
    .or(scope.getByRole("combobox", { name: label }))
    .first()
    .click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The page does not scroll sideways (phone layout). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
}

/** Logs in through the login screen at any width (on phones Logout hides behind the burger). */
export async function signIn(page: Page, email: string, password = E2E.demoPassword): Promise<void> {
  await page.goto("/app/auth/login");
  await submitLogin(page, email, password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
}
