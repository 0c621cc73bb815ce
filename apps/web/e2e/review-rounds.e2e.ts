import { colourPng, pageFor, startedTask, thumbnails, uploadDesign } from "./designs-support.ts";
import { E2E } from "./env.ts";
import { inviteToProject } from "./projects-support.ts";
import { apiLogin, callApi, checkA11y, DEMO, expect, loginAs, registerCustomer, test, uniqueEmail } from "./support.ts";
import { taskPanel } from "./tasks-support.ts";

/**
 * Review rounds (issue 23, part 4): the owner sends the task's design to two reviewers (themselves
 * and an editor) and a guest who used the task's link, under "all reviewers approve"; the task
 * stays in review after the first approvals and is approved by the last, and the owner's open
 * panel shows it without a reload. The guest's page is guest-review.e2e.ts's; here they decide
 * through its call.
 */

/** A guest call (`/guest/*`): JSON in, JSON out, the guest's own header when they have a token. */
async function guestCall<T>(path: string, body: unknown, guestToken?: string): Promise<T> {
  const response = await fetch(`${E2E.baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(guestToken ? { "Guest-Token": guestToken } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `POST ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}
test("a round with two members and a guest approves the task only when all approve", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { owner, project, task, url } = await startedTask("rounds");
  const designerToken = await apiLogin(DEMO.designer.email);
  const key = await uploadDesign(designerToken, "cover.png", await colourPng(40, 120, 90));
  const ref = { projectId: project.id, taskId: task.id };
  await callApi(designerToken, "POST", "/v3/project/task/addDesign", { ...ref, addedDesignsFileKeys: [key] });
  await callApi(designerToken, "POST", "/v3/project/task/updateStatus", { ...ref, taskStatus: "review" });
  const editor = await registerCustomer({ email: uniqueEmail("rounds-editor"), name: "Rita", surname: "Reviewer" });
  await inviteToProject(owner.token, { projectId: project.id, email: editor.email, role: "editor" });
  const share = await callApi<{ link: string }>(owner.token, "POST", "/v3/project/task/guest-share", ref);
  const guest = await guestCall<{ guestToken: string }>("/guest/join", {
    link: share.link,
    name: "Gina",
    email: uniqueEmail("rounds-guest"),
    password: null,
  });

  // The owner sends the design to both of them.
  await loginAs(page, owner.email, owner.password);
  await page.goto(url);
  const panel = taskPanel(page, task.title);
  await expect(thumbnails(panel)).toHaveCount(1);
  const rounds = panel.getByRole("region", { name: "Review rounds" });
  await rounds.getByRole("button", { name: "Send for review" }).click();
  const dialog = page.getByRole("dialog", { name: "Send for review" });
  await expect(dialog.getByRole("checkbox", { name: "cover.png (v1)" })).toBeChecked();
  await dialog.getByRole("checkbox", { name: "Erin E. (owner)" }).check();
  await dialog.getByRole("checkbox", { name: "Rita R. (editor)" }).check();
  await dialog.getByRole("checkbox", { name: /^Gina \(guest, / }).check();
  await expect(dialog.getByRole("radio", { name: "All reviewers approve" })).toBeChecked();
  await checkA11y(page, { include: '[role="dialog"][aria-modal="true"]' });
  await dialog.getByRole("button", { name: "Send for review" }).click();
  await expect(dialog).toHaveCount(0);

  const round = rounds.getByRole("group", { name: "Round 1" });
  await expect(round).toContainText("Open");
  await expect(panel.getByRole("button", { name: "Approve task" })).toHaveCount(0);

  // The owner approves: one of two, so the task stays in review.
  await round.getByRole("button", { name: "Approve", exact: true }).click();
  await page.getByRole("dialog", { name: "Approve in round 1" }).getByRole("button", { name: "Approve" }).click();
  await expect(round.getByRole("listitem", { name: "Erin E.: Approved" })).toBeVisible();
  await expect(round.getByRole("listitem", { name: "Rita R.: Pending" })).toBeVisible();
  await expect(round.getByRole("listitem", { name: "Gina (guest): Pending" })).toBeVisible();

  // The guest approves on their page: two of three, still in review.
  await guestCall("/guest/decision", { decision: "approved" }, guest.guestToken);
  await expect(round.getByRole("listitem", { name: "Gina (guest): Approved" })).toBeVisible();
  await expect(round).toContainText("Open");
  await expect(panel.getByText("In review", { exact: true })).toBeVisible();

  // The editor approves in their own browser: the round's rule is met and the task is approved.
  const reviewer = await pageFor(browser, editor.email, editor.password);
  await reviewer.goto(url);
  const theirRound = taskPanel(reviewer, task.title).getByRole("group", { name: "Round 1" });
  await theirRound.getByRole("button", { name: "Approve", exact: true }).click();
  await reviewer.getByRole("dialog", { name: "Approve in round 1" }).getByRole("button", { name: "Approve" }).click();
  await expect(theirRound.getByRole("listitem", { name: "Rita R.: Approved" })).toBeVisible();

  // The owner's open panel follows live: the round and the task are approved.
  await expect(round.getByRole("listitem", { name: "Rita R.: Approved" })).toBeVisible();
  await expect(panel.getByText("Approved", { exact: true }).first()).toBeVisible();
  await expect(round.getByRole("button", { name: "Approve", exact: true })).toHaveCount(0);
  await expect(panel.getByText("In review", { exact: true })).toHaveCount(0);
  await reviewer.context().close();
});
