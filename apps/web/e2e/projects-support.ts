import type { Locator, Page } from "@playwright/test";
import { callApi, expect, registerCustomer, signIn, uniqueEmail } from "./support.ts";

/**
 * Set-up for the projects journeys through the real API, as the browser would call it, so a
 * journey spends its time on the screens it is about. The assertions stay on the screens.
 */

/** A project name no other test (or run) uses. */
export function uniqueProjectName(label: string): string {
  return `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export interface CreatedProject {
  id: string;
  name: string;
}

/** A customer's own project (POST /v3/project/create as that customer). */
export async function createOwnProject(customer: { token: string; email: string }, name: string) {
  return callApi<CreatedProject>(customer.token, "POST", "/v3/project/create", {
    name,
    isExistingCustomer: true,
    customerEmail: customer.email,
  });
}

/** Puts a user on a team (an existing account joins at once; a new address gets an invite mail). */
export async function inviteToProject(
  token: string,
  input: { projectId: string; email: string; role: "editor" | "viewer" | "designer" | "projectManager" },
) {
  return callApi<{ invitedExistingUser: boolean }>(token, "POST", "/v3/project/inviteUserToProject", input);
}

/** A fresh customer who owns one fresh project. */
export async function customerWithProject(label: string, person: { name?: string; surname?: string } = {}) {
  const owner = await registerCustomer({ email: uniqueEmail(label), ...person });
  const project = await createOwnProject(owner, uniqueProjectName(`${label} project`));
  return { owner, project };
}

/** Logs in through the login screen and opens the project's screen. */
export async function openProjectAs(page: Page, account: { email: string; password: string }, project: CreatedProject) {
  await signIn(page, account.email, account.password);
  await page.goto(`/app/project/${project.id}`);
  await expect(page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
}

/** Opens the Team dialog from the project screen and waits for its member list. */
export async function openTeam(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Team", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Team" });
  await expect(dialog.getByRole("list", { name: "Team members" })).toBeVisible();
  return dialog;
}

/** The project cards on /projects (each card is an article named by its title link). */
export function projectCards(page: Page): Locator {
  return page.getByRole("main").getByRole("article");
}

/** The link a project card's title makes. */
export function projectLink(page: Page, name: string): Locator {
  return page.getByRole("main").getByRole("link", { name, exact: true });
}
